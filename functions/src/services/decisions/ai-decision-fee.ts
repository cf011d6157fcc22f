import type { Caller } from '../../context/caller.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import type { DuePoint } from '../payments/due-payment.js';

/**
 * The fee for an AI decision on a case without a tribunal (docs/fees.md "Due points"): one per case, owed by
 * the party that first asks for a decision; once it is paid, either party's request goes ahead.
 */
export function aiDecisionFeePoint(dispute: DisputeDocument, side: Side, caller: Caller): DuePoint {
  return {
    tenantId: dispute.tenantId,
    disputeId: dispute.id,
    caseName: dispute.name,
    purpose: 'aiDecisionFee',
    payerSide: side,
    payerUserId: caller.userId,
    payerEmail: caller.email,
    amountInDisputeCents: dispute.amountInDisputeCents,
  };
}
