import { type DisputeView, endProcessOffered, nextPhaseType, type PhaseType, type PhaseView } from '@ratkaisu/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/error-message';
import { useRefreshCase } from '../../../ui/use-refresh-case';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { moveToPhase } from '../api/case';
import { phaseOfType, phaseOwner } from '../case-rules';
import { SendPhaseDialog, sendRecipients } from './SendPhaseDialog';

type Move = 'advance' | 'end';
/** Where the user asked: the message shows there, so it is seen (the banner is a phone's screen away from the bottom). */
export type MoveOrigin = 'banner' | 'bottom';

export interface MoveMessage {
  /** success: what was sent and who was told, after Save and Send. */
  intent: 'warning' | 'error' | 'success';
  text: string;
  origin: MoveOrigin;
  /** The "no attachments" warning, which goes away by itself once the phase has files. */
  untilFiles?: boolean;
}

export interface PhaseMoves {
  /** The caller's side owns the active phase and the process has not ended: Save and Send is theirs. */
  acting: boolean;
  /** End Process is offered to the caller now (docs/product.md section 4). */
  canEnd: boolean;
  busy: boolean;
  /** The last refusal or failure, and where it was asked. */
  message: MoveMessage | null;
  saveAndSend: (origin: MoveOrigin) => void;
  askEndProcess: (origin: MoveOrigin) => void;
  /** The two confirmation dialogs; render once. */
  dialogs: ReactNode;
}

/**
 * Save and Send and End Process for the case page: one state for the banner's next action and the bottom
 * buttons, so either asks the same confirmation and a second click is not a second move.
 */
export function usePhaseMoves({
  dispute,
  phases,
  activePhase,
}: {
  dispute: DisputeView;
  phases: readonly PhaseView[];
  activePhase?: PhaseView;
}): PhaseMoves {
  const { t } = useTranslation();
  const [message, setMessage] = useState<MoveMessage | null>(null);
  const [confirming, setConfirming] = useState<{ move: Move; origin: MoveOrigin } | null>(null);
  const [busy, setBusy] = useState(false);
  // A move fetches the case's queries again; the case page shows a refetch that failed.
  const refreshCase = useRefreshCase(dispute.id);

  const ended = phaseOfType(phases, 'Resolution') !== undefined;
  const owner = activePhase ? phaseOwner(activePhase.type) : null;
  const acting = !ended && activePhase !== undefined && owner === dispute.side;
  const canEnd = acting && endProcessOffered(phases);
  const shownMessage = message?.untilFiles && (activePhase?.attachments.length ?? 0) > 0 ? null : message;

  const saveAndSend = (origin: MoveOrigin) => {
    setMessage(null);
    if (!activePhase || activePhase.attachments.length === 0) {
      // docs/product.md section 4's "No attachments found for the current phase", in plain words.
      setMessage({ intent: 'warning', text: t('firstUse.send.addDocumentFirst'), untilFiles: true, origin });
      return;
    }
    setConfirming({ move: 'advance', origin });
  };

  const move = async (kind: Move, origin: MoveOrigin) => {
    if (!activePhase || busy) return;
    const target: PhaseType = kind === 'end' ? 'Resolution' : nextPhaseType(activePhase.type);
    setBusy(true);
    setMessage(null);
    try {
      await moveToPhase(dispute.id, target);
    } catch (failure) {
      setMessage({ intent: 'error', text: moveFailureText(failure, t), origin });
      // A lost race means the case moved on meanwhile: show where it is now. A fee due (402) shows on the page
      // once it is fetched again (docs/fees.md "Due points").
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 402)) {
        await refreshCase();
      }
      return;
    } finally {
      setBusy(false);
      setConfirming(null);
    }
    await refreshCase();
    if (kind === 'advance') setMessage({ intent: 'success', text: sentText(activePhase), origin });
  };

  const sentText = (phase: PhaseView): string => {
    const count = phase.attachments.length;
    const { invited, party } = sendRecipients(t, dispute, phase);
    return invited
      ? t('firstUse.send.sentInvited', { count, party })
      : t('firstUse.send.sent', { count, party, phase: t(`phases.${phase.type}`) });
  };

  const dialogs = (
    <>
      <SendPhaseDialog
        open={confirming?.move === 'advance'}
        dispute={dispute}
        {...(activePhase ? { phase: activePhase } : {})}
        busy={busy}
        onConfirm={() => void move('advance', confirming?.origin ?? 'bottom')}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming?.move === 'end'}
        title={t('cases.endProcess')}
        message={t('cases.endProcessWarning')}
        busy={busy}
        onConfirm={() => void move('end', confirming?.origin ?? 'bottom')}
        onCancel={() => setConfirming(null)}
      />
    </>
  );

  return {
    acting,
    canEnd,
    busy,
    message: shownMessage,
    saveAndSend,
    askEndProcess: (origin) => {
      setMessage(null);
      setConfirming({ move: 'end', origin });
    },
    dialogs,
  };
}

/** The message of a refused move: a fee due or a missing amount in dispute in the screen's words, else the server's. */
function moveFailureText(failure: unknown, t: TFunction): string {
  if (failure instanceof ApiError && failure.code === 'payment_required') return t('cases.feeDueBeforeMove');
  if (failure instanceof ApiError && failure.code === 'amount_in_dispute_required')
    return t('cases.amountInDisputeNeeded');
  return errorMessage(failure, t('cases.phaseActionFailed'));
}
