import { Button, makeStyles, MessageBar, MessageBarBody, shorthands, Text, tokens } from '@fluentui/react-components';
import { type DisputeView, endProcessOffered, nextPhaseType, type PhaseType, type PhaseView } from '@ratkaisu/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/error-message';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDate } from '../../../ui/format-date';
import { moveToPhase } from '../api/case';
import { phaseOfType, phaseOwner } from '../case-rules';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalL,
    ...shorthands.borderTop(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
  },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, justifyContent: 'flex-end' },
});

type Move = 'advance' | 'end';

export interface CaseActionsProps {
  dispute: DisputeView;
  phases: readonly PhaseView[];
  activePhase?: PhaseView;
  onChanged: () => Promise<void>;
}

/**
 * The bottom buttons (SPEC.md sections 2 and 4): Save and Send and End Process for the side that owns
 * the active phase, and Return. The other side is told whose turn it is instead.
 */
export function CaseActions({ dispute, phases, activePhase, onChanged }: CaseActionsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  // `untilFiles`: the "no attachments" warning, which goes away by itself once the phase has files.
  const [message, setMessage] = useState<{ intent: 'warning' | 'error'; text: string; untilFiles?: boolean } | null>(
    null,
  );
  const [confirming, setConfirming] = useState<Move | null>(null);
  const [busy, setBusy] = useState(false);

  const ended = phaseOfType(phases, 'Resolution') !== undefined;
  const owner = activePhase ? phaseOwner(activePhase.type) : null;
  const acting = !ended && activePhase !== undefined && owner === dispute.side;
  const canEnd = acting && endProcessOffered(phases);
  const shownMessage = message?.untilFiles && (activePhase?.attachments.length ?? 0) > 0 ? null : message;

  const saveAndSend = () => {
    setMessage(null);
    if (!activePhase || activePhase.attachments.length === 0) {
      setMessage({ intent: 'warning', text: t('cases.noAttachmentsForPhase'), untilFiles: true });
      return;
    }
    setConfirming('advance');
  };

  const move = async (kind: Move) => {
    if (!activePhase || busy) return;
    const target: PhaseType = kind === 'end' ? 'Resolution' : nextPhaseType(activePhase.type);
    setBusy(true);
    setMessage(null);
    try {
      await moveToPhase(dispute.id, target);
    } catch (failure) {
      setMessage({ intent: 'error', text: errorMessage(failure, t('cases.phaseActionFailed')) });
      // A lost race means the case moved on meanwhile: show where it is now.
      if (failure instanceof ApiError && failure.status === 409) await onChanged().catch(() => undefined);
      return;
    } finally {
      setBusy(false);
      setConfirming(null);
    }
    await onChanged().catch(() => setMessage({ intent: 'error', text: t('cases.refreshFailed') }));
  };

  let turn: string | null = null;
  if (ended) turn = t('cases.processEnded');
  else if (activePhase && owner && owner !== dispute.side) {
    const phase = t(`phases.${activePhase.type}`);
    const date = activePhase.dueDate ? formatDate(activePhase.dueDate) : null;
    if (owner === 'claimant') {
      turn = date ? t('cases.waitingForClaimantDue', { phase, date }) : t('cases.waitingForClaimant', { phase });
    } else {
      turn = date ? t('cases.waitingForRespondentDue', { phase, date }) : t('cases.waitingForRespondent', { phase });
    }
  }

  return (
    <div className={styles.root} data-testid="case-actions">
      {turn ? (
        <Text weight="semibold" data-testid="case-turn">
          {turn}
        </Text>
      ) : null}
      {shownMessage ? (
        <MessageBar intent={shownMessage.intent} role="alert">
          <MessageBarBody>{shownMessage.text}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.buttons}>
        <Button onClick={() => void navigate('/home')}>{t('cases.return')}</Button>
        {canEnd ? (
          <Button onClick={() => setConfirming('end')} disabled={busy}>
            {t('cases.endProcess')}
          </Button>
        ) : null}
        {acting ? (
          <Button appearance="primary" onClick={saveAndSend} disabled={busy}>
            {t('cases.saveAndSend')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming === 'advance'}
        message={t('cases.advanceWarning')}
        busy={busy}
        onConfirm={() => void move('advance')}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'end'}
        title={t('cases.endProcess')}
        message={t('cases.endProcessWarning')}
        busy={busy}
        onConfirm={() => void move('end')}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
