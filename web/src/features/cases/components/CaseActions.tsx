import {
  Button,
  Caption1,
  makeStyles,
  MessageBar,
  MessageBarBody,
  shorthands,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { DisputeView, PhaseView } from '@ratkaisu/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../ui/format-date';
import { phaseOfType, phaseOwner } from '../case-rules';
import type { PhaseMoves } from './use-phase-moves';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalL,
    ...shorthands.borderTop(tokens.strokeWidthThin, 'solid', tokens.colorNeutralStroke2),
  },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, justifyContent: 'flex-end' },
  hint: { color: tokens.colorNeutralForeground2, textAlign: 'right' },
});

export interface CaseActionsProps {
  dispute: DisputeView;
  phases: readonly PhaseView[];
  activePhase?: PhaseView;
  /** Save and Send and End Process, shared with the status banner. */
  moves: PhaseMoves;
}

/**
 * The bottom buttons (docs/product.md sections 2 and 4): Save and Send and End Process for the side that owns
 * the active phase, and Return. The other side is told whose turn it is instead. End Process says what it
 * does where it is offered.
 */
export function CaseActions({ dispute, phases, activePhase, moves }: CaseActionsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const ended = phaseOfType(phases, 'Resolution') !== undefined;
  const owner = activePhase ? phaseOwner(activePhase.type) : null;
  const shownMessage = moves.message?.origin === 'bottom' ? moves.message : null;
  const endHintId = useId();

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
        {moves.canEnd ? (
          <Button onClick={() => moves.askEndProcess('bottom')} disabled={moves.busy} aria-describedby={endHintId}>
            {t('cases.endProcess')}
          </Button>
        ) : null}
        {moves.acting ? (
          <Button appearance="primary" onClick={() => moves.saveAndSend('bottom')} disabled={moves.busy}>
            {t('cases.saveAndSend')}
          </Button>
        ) : null}
      </div>
      {moves.canEnd && activePhase ? (
        <Caption1 id={endHintId} className={styles.hint} data-testid="end-process-hint">
          {t('turn.endProcessExplained', { phase: t(`phases.${activePhase.type}`) })}
        </Caption1>
      ) : null}
    </div>
  );
}
