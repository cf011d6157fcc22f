import {
  customerOfPayer,
  feeLine,
  FINNISH_GENERAL_VAT_BASIS_POINTS,
  type DuePaymentBody,
  refusal,
} from '@ratkaisu/core';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { ConflictError, DomainError, ValidationError } from '../../errors.js';
import { changeRecord } from '../../records/change-record.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { assertNotFinal } from '../disputes/assert-not-final.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import type { Side } from '../disputes/dispute-document.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { duePaymentBody, duePaymentFor } from '../payments/due-payment.js';
import { partyAsBuyer } from '../payments/party-as-buyer.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { tribunalFeePoint } from './tribunal-fee-points.js';

export class ShareNotTransferableError extends DomainError {
  constructor() {
    super('share_not_transferable', 409, refusal('tribunalFees.notTransferable'));
  }
}

/**
 * `POST /api/dispute/{id}/tribunal/advance/{side}/pay`: a party takes over the other side's unpaid share of the
 * tribunal's advance and pays it (docs/fees.md "Paying the other party's share"). The payment stays the same due
 * point — the other side's share — and is paid by the caller: the receipt names the caller's party as the buyer,
 * its VAT is the caller's (core fee-customer.ts), and a checkout opened at another price is expired and a new one
 * opened. Refused once anything was received or an invoice was issued for it. Audited; the other side is told.
 */
export async function payOtherPartyShare(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; side: Side },
  client: ClientInfo,
): Promise<DuePaymentBody> {
  const { dispute, side: callerSide } = await readVisibleDispute(deps, caller, input.disputeId);
  assertNotFinal(dispute);
  if (!dispute.tribunal || dispute.tribunal.status === 'Constituted') {
    throw new ConflictError(refusal('tribunalFees.notRequested'));
  }
  if (input.side === callerSide)
    throw new ValidationError(refusal('tribunalFees.ownShare'), { side: refusal('tribunalFees.ownShare').message });
  const payer = { userId: caller.userId, email: caller.email };
  // Creates the share for the caller if the other side never had it (no account yet), else gets it as it is.
  const existing = await duePaymentFor(
    deps,
    tribunalFeePoint(dispute, 'tribunalAdvanceShare', input.side, payer, callerSide),
  );
  if (!existing) throw new ConflictError(refusal('tribunalFees.noFees'));
  const buyer = partyAsBuyer(dispute[callerSide]);
  const payments = deps.store.collection<PaymentDocument>('payments');
  let expiredRef: string | undefined;
  let tookOver = false;
  const written = await changeRecord(payments, { pk: existing.id, id: existing.id }, (current) => {
    expiredRef = undefined;
    tookOver = false;
    if (current.payerUserId === caller.userId && current.paidBySide === callerSide) return undefined;
    if (current.payerUserId === caller.userId && !current.paidBySide && current.payerSide !== callerSide) {
      // Created just now for the caller (the owing side had no account): mark who pays.
      tookOver = true;
      return { ...current, paidBySide: callerSide };
    }
    if (current.ledger.status !== 'open' || current.ledger.receivedCents > 0 || current.invoice || current.closed) {
      throw new ShareNotTransferableError();
    }
    tookOver = true;
    const rate = current.vatRateBasisPoints ?? FINNISH_GENERAL_VAT_BASIS_POINTS;
    const line = feeLine(current.netCents, rate, customerOfPayer(buyer));
    const repriced = line.grossCents !== current.ledger.dueCents;
    if (repriced && current.providerRef) expiredRef = current.providerRef;
    const { checkoutUrl: _url, providerRef: _ref, ...rest } = current;
    return {
      ...(repriced ? rest : current),
      payerUserId: caller.userId,
      paidBySide: callerSide,
      buyer,
      vatCents: line.vatCents,
      reverseCharge: line.reverseCharge,
      ledger: { ...current.ledger, dueCents: line.grossCents },
      ...(repriced && current.providerRef ? { checkoutAttempt: (current.checkoutAttempt ?? 1) + 1 } : {}),
      updatedAt: deps.clock.now().toISOString(),
    };
  });
  if (written.outcome === 'missing') throw new ConflictError(refusal('tribunalFees.notRequested'));
  if (expiredRef) {
    // The old checkout asked for the other price: closed, so only the new one can be paid.
    await deps.payments.expireCheckout(expiredRef).catch((error: unknown) => {
      deps.log.warn('Expiring a replaced checkout failed', { paymentId: existing.id, error });
    });
  }
  // Opens the new checkout (at the new attempt) when the old one was dropped.
  const payment =
    (await duePaymentFor(deps, tribunalFeePoint(dispute, 'tribunalAdvanceShare', input.side, payer, callerSide))) ??
    written.record;
  if (tookOver) {
    await recordCallerAction(deps, caller, client, {
      action: 'PayOtherPartyShare',
      entityType: 'Payment',
      entityId: payment.id,
      details: `the ${callerSide} pays the ${input.side}'s share of the tribunal's advance of case ${dispute.id}: ${payment.ledger.dueCents} cents`,
    });
    await notify(deps, {
      event: 'tribunalFees',
      params: { kind: 'sharePaidByOther', bySide: callerSide },
      caseName: dispute.name,
      ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
      disputeId: dispute.id,
      tenantId: dispute.tenantId,
      path: casePath(dispute.id),
      key: `tribunal-share-taken:${payment.id}`,
      recipients: [dispute.claimant.email, dispute.respondent.email].map((email) => ({ email })),
    });
  }
  return duePaymentBody(payment);
}
