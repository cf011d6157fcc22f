import type { DecisionSettings } from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import type { DuePoint } from '../payments/due-payment.js';
import { partyAsBuyer } from '../payments/party-as-buyer.js';
import { rememberedCodeOnCreated } from '../promo-codes/remembered-code-on-created.js';

/**
 * The fee for an AI decision on a case without a tribunal (docs/fees.md "Due points"): one per case, owed by
 * the party that first asks for a decision. Once it is paid, the decision last asked for starts by itself
 * (start-decision-after-payment.ts), and either party's later request goes ahead.
 */
export function aiDecisionFeePoint(
  dispute: DisputeDocument,
  side: Side,
  caller: Caller,
  settings: DecisionSettings,
): DuePoint {
  return {
    tenantId: dispute.tenantId,
    disputeId: dispute.id,
    caseName: dispute.name,
    purpose: 'aiDecisionFee',
    payerSide: side,
    payerUserId: caller.userId,
    payerEmail: caller.email,
    amountInDisputeCents: dispute.amountInDisputeCents,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    buyer: partyAsBuyer(dispute[side]),
    onCreated: rememberedCodeOnCreated,
    onPaid: ['startDecision'],
    decisionRequest: { userId: caller.userId, settings },
  };
}
