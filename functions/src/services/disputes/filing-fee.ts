import type { DuePoint } from '../payments/due-payment.js';
import { partyAsBuyer } from '../payments/party-as-buyer.js';
import { rememberedCodeOnCreated } from '../promo-codes/remembered-code-on-created.js';
import type { DisputeDocument } from './dispute-document.js';

/**
 * The claimant's filing fee, due at the claim's first Save and Send (docs/fees.md "Due points"). Once paid,
 * the claim is sent and the respondent invited without another click (services/paid-steps).
 */
export function filingFeePoint(dispute: DisputeDocument, payerUserId: string, payerEmail: string): DuePoint {
  return {
    tenantId: dispute.tenantId,
    disputeId: dispute.id,
    caseName: dispute.name,
    purpose: 'filingFee',
    payerSide: 'claimant',
    payerUserId,
    payerEmail,
    amountInDisputeCents: dispute.amountInDisputeCents,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    buyer: partyAsBuyer(dispute.claimant),
    onCreated: rememberedCodeOnCreated,
    onPaid: ['advanceClaim', 'inviteRespondent'],
  };
}
