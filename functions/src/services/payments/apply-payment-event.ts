import { applyLedgerEvent, type LedgerEvent, type LedgerOutcome } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import type { PaymentDocument } from './payment-document.js';

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
 * Every change is audited as `ReceivePayment`.
 */
export async function applyPaymentEvent(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  paymentId: string,
  event: LedgerEvent,
  source: PaymentEventSource,
): Promise<AppliedPaymentEvent> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  let outcome = 'no_change' as LedgerOutcome; // set inside the write, which may run more than once
  const result = await changeRecord(payments, { pk: paymentId, id: paymentId }, (current) => {
    // The expiry of a checkout that was replaced (another party took the payment over at another price) says
    // nothing about the payment: its current checkout is still open.
    if (event.kind === 'expired' && current.providerRef && event.providerRef !== current.providerRef) {
      outcome = 'no_change';
      return undefined;
    }
    const applied = applyLedgerEvent(current.ledger, event);
    outcome = applied.outcome;
    if (applied.ledger === current.ledger) return undefined;
    const documentsDue = outcome === 'settled' || outcome === 'double_payment';
    const now = deps.clock.now().toISOString();
    // Settling hands the payment's steps to services/paid-steps in the same write, so none is lost to a crash.
    const settling =
      outcome === 'settled' && !current.settledAt
        ? { settledAt: now, ...(current.onPaid?.length ? { stepsLeft: current.onPaid } : {}) }
        : {};
    return {
      ...current,
      ...settling,
      ledger: applied.ledger,
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
  return { outcome, payment };
}
