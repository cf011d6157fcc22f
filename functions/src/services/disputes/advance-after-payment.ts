import { isFinal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { recordAudit } from '../audit/record-audit.js';
import { movedOn, notifyOtherSide, withoutEtag } from './advance-phase.js';
import { activePhase, type DisputeDocument } from './dispute-document.js';
import { changeDispute } from './change-dispute.js';

/**
 * The claim's first Save and Send, done for the claimant once its filing fee is paid (docs/fees.md "Due
 * points"). Safe to run again: it moves the case only while the claim is still the active phase with its
 * documents, and marks the Response phase it starts with the payment, so the invitation step knows it is its
 * own. A claim the claimant sent meanwhile (or emptied of documents) is left as it is: the claimant's own Save
 * and Send goes through, the fee being paid.
 */
export async function advanceClaimAfterPayment(
  deps: Deps,
  payment: { id: string; disputeId: string },
): Promise<'moved' | 'left'> {
  let moved = false;
  const updated = await changeDispute(deps, payment.disputeId, (current) => {
    moved = false;
    if (isFinal(current)) return undefined;
    const active = activePhase(current);
    if (active.type !== 'Claim' || active.attachments.length === 0) return undefined;
    moved = true;
    return movedOn(deps, withoutEtag(current), active, 'Response', { openedByPayment: payment.id }).updated;
  });
  if (!moved) {
    deps.log.info('A paid filing fee found the claim already sent or without documents', {
      disputeId: payment.disputeId,
      paymentId: payment.id,
    });
    return 'left';
  }
  await recordAudit(deps, {
    action: 'AdvancePhase',
    entityType: 'Dispute',
    entityId: updated.id,
    tenantId: updated.tenantId,
    userId: updated.createdBy.id,
    success: true,
    details: `Claim -> Response, sent once the filing fee was paid (payment ${payment.id})`,
  });
  return 'moved';
}

/** The respondent's invitation of a claim sent by its paid filing fee; nothing when another sending started it. */
export async function inviteAfterPayment(deps: Deps, payment: { id: string; disputeId: string }): Promise<void> {
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(payment.disputeId, payment.disputeId);
  const response = dispute?.phases.find((phase) => phase.openedByPayment === payment.id);
  if (!dispute || !response) return;
  // Keyed by the payment: a sweep repeating this step after a crash finds the mail already written.
  await notifyOtherSide(deps, dispute, 'claimant', response, dispute.createdBy.id, `paid-${payment.id}-invitation`);
}
