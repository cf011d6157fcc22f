import { refusal } from '@ratkaisu/core';
import { z } from 'zod';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { DomainError, NotFoundError } from '../../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { applyPaymentEvent } from '../payments/apply-payment-event.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { issuePaymentRecords, type IssueDeps } from './issue-payment-records.js';

export const markPaidSchema = z.strictObject({
  reason: z
    .string({ error: 'reason must be text.' })
    .trim()
    .min(5, 'Say how the payment was received (at least 5 characters).')
    .max(500, 'reason must be at most 500 characters.'),
});

export class PaymentAlreadyPaidError extends DomainError {
  constructor() {
    super('payment_already_paid', 409, refusal('fees.paymentAlreadyPaid'));
  }
}

/**
 * `POST /api/superadmin/payments/{id}/mark-paid {reason}`: money that reached the seller some other way (a
 * transfer without its reference, say), recorded by a super-administrator with the reason. It takes the same
 * ledger path as a webhook, for what is still due; marking it again is a replay and changes nothing. Audited.
 */
export async function markPaymentPaid(
  deps: IssueDeps,
  caller: Caller,
  paymentId: string,
  body: z.infer<typeof markPaidSchema>,
  client: ClientInfo,
): Promise<PaymentDocument> {
  const payment = await deps.store.collection<PaymentDocument>('payments').read(paymentId, paymentId);
  if (!payment) throw new NotFoundError();
  if (payment.ledger.status === 'paid') throw new PaymentAlreadyPaidError();
  const applied = await applyPaymentEvent(
    deps,
    paymentId,
    {
      eventId: `admin-mark-paid:${paymentId}`,
      kind: 'paid',
      providerRef: `admin:${paymentId}`,
      amountCents: payment.ledger.dueCents - payment.ledger.receivedCents,
      createdAtMs: deps.clock.now().getTime(),
    },
    { via: 'administrator', userId: caller.userId, ipAddress: client.ipAddress, note: body.reason },
  );
  if (applied.outcome === 'unknown_payment') throw new NotFoundError();
  if (applied.outcome === 'replay' || applied.outcome === 'no_change') throw new PaymentAlreadyPaidError();
  await recordAudit(deps, {
    action: 'MarkPaymentPaid',
    entityType: 'Payment',
    entityId: paymentId,
    userId: caller.userId,
    tenantId: payment.tenantId,
    success: true,
    ipAddress: client.ipAddress,
    details: body.reason,
  });
  return (await issuePaymentRecords(deps, paymentId)) ?? applied.payment;
}
