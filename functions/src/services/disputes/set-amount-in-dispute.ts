import { refusal } from '@ratkaisu/core';
import type { DisputeView } from '@ratkaisu/core';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError } from '../../errors.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { duePaymentId } from '../payments/due-payment.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { changeOpenDispute } from './assert-not-final.js';
import { readVisibleDispute } from './dispute-access.js';
import { activePhase, toDisputeView } from './dispute-document.js';

export const AMOUNT_FIXED_MESSAGE = refusal('cases.amountFixed').message;
export const AMOUNT_CLAIMANT_ONLY_MESSAGE = refusal('cases.amountClaimantOnly').message;

/**
 * `PUT /api/dispute/{id}/amount-in-dispute`: the claimant sets or clears the amount in dispute (docs/fees.md
 * "Due points") until the claim's first Save and Send — and not once the filing fee was priced by it (its
 * payment exists), so the fee asked and the amount on the case never disagree.
 */
export async function setAmountInDispute(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; amountInDisputeCents: number | undefined },
  client: ClientInfo,
): Promise<DisputeView> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  if (side !== 'claimant') throw new ForbiddenError(refusal('cases.amountClaimantOnly'));
  const paymentId = duePaymentId({ disputeId: dispute.id, purpose: 'filingFee', payerSide: 'claimant' });
  if (await deps.store.collection<PaymentDocument>('payments').read(paymentId, paymentId)) {
    throw new ConflictError(refusal('cases.amountFixed'));
  }
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      if (activePhase(current).type !== 'Claim') throw new ConflictError(refusal('cases.amountFixed'));
      const { amountInDisputeCents: _previous, ...rest } = current;
      return input.amountInDisputeCents === undefined
        ? rest
        : { ...rest, amountInDisputeCents: input.amountInDisputeCents };
    },
    dispute,
  );
  await recordCallerAction(deps, caller, client, {
    action: 'SetAmountInDispute',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: input.amountInDisputeCents === undefined ? 'cleared' : `${input.amountInDisputeCents} cents`,
  });
  return toDisputeView(updated, 'claimant');
}
