import { applyLedgerEvent, type LedgerEvent, type LedgerOutcome } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import type { PaymentCredit, PaymentDocument } from './payment-document.js';

/** Who or what brought the money: for the audit entry. */
export interface PaymentEventSource {
  /** `stripe`, `test`, `bank statement`, `administrator`. */
  via: string;
  ipAddress?: string;
  userId?: string;
  /** Said in the audit entry (an administrator's reason, a bank reference). */
  note?: string;
}

export type AppliedPaymentEvent =
  { outcome: LedgerOutcome; payment: Stored<PaymentDocument> } | { outcome: 'unknown_payment' };

/**
 * The one path money takes into a payment (docs/fees.md "Settling a payment"): a verified webhook, a bank
 * statement's entry or an administrator's marking, applied to the payment's ledger by a conditional write.
 * A payment that becomes paid, or receives money beyond what was due, is marked `documentsPending` in the same
 * write, so its receipt or credit note is issued exactly once even if the process stops right after; a payment
 * that becomes paid also hands its steps (the claim sent, a decision started) to services/paid-steps there.
 * Money for a payment that was already **closed** (its tribunal request lapsed, its case became final) pays for
 * a step that can no longer happen: the same write reserves a credit of all of it (`closedPayment`, credited by
 * a credit note instead of a receipt) and hands no step on, so the case does not move (docs/fees.md "Money
 * after a payment was closed"). Every change is audited as `ReceivePayment`, such a credit also as
 * `CreditClosedPayment`.
 */
export async function applyPaymentEvent(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  paymentId: string,
  event: LedgerEvent,
  source: PaymentEventSource,
): Promise<AppliedPaymentEvent> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  let outcome = 'no_change' as LedgerOutcome; // set inside the write, which may run more than once
  let lateCredit: PaymentCredit | undefined;
  const result = await changeRecord(payments, { pk: paymentId, id: paymentId }, (current) => {
    // The expiry of a checkout that was replaced (another party took the payment over at another price) says
    // nothing about the payment: its current checkout is still open.
    if (event.kind === 'expired' && current.providerRef && event.providerRef !== current.providerRef) {
      outcome = 'no_change';
      return undefined;
    }
    const applied = applyLedgerEvent(current.ledger, event);
    outcome = applied.outcome;
    lateCredit = undefined;
    if (applied.ledger === current.ledger) return undefined;
    lateCredit = closedPaymentCredit(current, applied.ledger.receivedCents, outcome);
    const documentsDue = outcome === 'settled' || outcome === 'double_payment' || lateCredit !== undefined;
    const now = deps.clock.now().toISOString();
    // Settling hands the payment's steps to services/paid-steps in the same write, so none is lost to a crash;
    // a closed payment's steps can no longer happen, so it hands none.
    const settling =
      outcome === 'settled' && !current.settledAt
        ? { settledAt: now, ...(current.onPaid?.length && !current.closed ? { stepsLeft: current.onPaid } : {}) }
        : {};
    return {
      ...current,
      ...settling,
      ledger: applied.ledger,
      ...(lateCredit ? { credits: [...(current.credits ?? []), lateCredit] } : {}),
      ...(documentsDue ? { documentsPending: true as const } : {}),
      updatedAt: now,
    };
  });
  if (result.outcome === 'missing') return { outcome: 'unknown_payment' };
  const payment = result.record;
  if (outcome !== 'replay' && outcome !== 'no_change') {
    await recordAudit(deps, {
      action: 'ReceivePayment',
      entityType: 'Payment',
      entityId: payment.id,
      tenantId: payment.tenantId,
      ...(source.userId ? { userId: source.userId } : {}),
      success: true,
      ...(source.ipAddress ? { ipAddress: source.ipAddress } : {}),
      details: `${outcome} via ${source.via}: ${payment.purpose} of case ${payment.disputeId}, received ${payment.ledger.receivedCents} of ${payment.ledger.dueCents} cents (event ${event.eventId})${source.note ? `; ${source.note}` : ''}`,
    });
  }
  if (lateCredit) {
    await recordAudit(deps, {
      action: 'CreditClosedPayment',
      entityType: 'Payment',
      entityId: payment.id,
      tenantId: payment.tenantId,
      success: true,
      details: `${lateCredit.grossCents} cents received via ${source.via} after the payment was closed (${payment.closed?.reason}): credited in full (event ${event.eventId})`,
    });
  }
  return { outcome, payment };
}

/**
 * The credit a closed payment's new money calls for: all of it, once (keyed by the total received, which each
 * new sum changes). Money beyond a payment that was paid before it was closed is a double payment, credited as
 * any surplus is (services/invoicing/issue-payment-records.ts).
 */
function closedPaymentCredit(
  current: PaymentDocument,
  receivedCents: number,
  outcome: LedgerOutcome,
): PaymentCredit | undefined {
  const newCents = receivedCents - current.ledger.receivedCents;
  if (!current.closed || newCents <= 0 || outcome === 'double_payment') return undefined;
  const key = `closed:${receivedCents}`;
  if ((current.credits ?? []).some((credit) => credit.key === key)) return undefined;
  return { key, kind: 'closedPayment', grossCents: newCents, reason: current.closed.reason };
}
