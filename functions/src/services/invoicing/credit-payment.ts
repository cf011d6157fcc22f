import { refusal } from '@ratkaisu/core';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { DomainError, NotFoundError, ValidationError } from '../../errors.js';
import { changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import type { PaymentCredit, PaymentDocument } from '../payments/payment-document.js';
import { issuePaymentRecords, type IssueDeps } from './issue-payment-records.js';

export const creditNoteSchema = z.strictObject({
  amountCents: z
    .number({ error: 'amountCents must be a number of euro cents.' })
    .int('amountCents must be a whole number of cents.')
    .min(1, 'amountCents must be at least 1.'),
  reason: z
    .string({ error: 'reason must be text.' })
    .trim()
    .min(5, 'Say why the payment is credited (at least 5 characters).')
    .max(500, 'reason must be at most 500 characters.'),
});

export class PaymentNotPaidError extends DomainError {
  constructor() {
    super('payment_not_paid', 409, refusal('fees.paymentNotPaid'));
  }
}

export class CreditExceedsPaymentError extends DomainError {
  constructor(creditableCents: number) {
    super('credit_exceeds_payment', 409, refusal('fees.creditExceedsPayment', { creditableCents }), {
      amountCents: `At most ${creditableCents} cents.`,
    });
  }
}

/**
 * `POST /api/superadmin/payments/{id}/credit-note {amountCents, reason}`: a super-administrator's reasoned
 * credit note — the one exception to fees being non-refundable (docs/fees.md "Credit notes"). The credit is
 * reserved on the payment by a conditional write that checks it against what is paid and not yet credited,
 * so two at once cannot credit more than was paid; then it is issued like a receipt. Audited.
 */
export async function creditPayment(
  deps: IssueDeps,
  caller: Caller,
  paymentId: string,
  body: z.infer<typeof creditNoteSchema>,
  client: ClientInfo,
): Promise<{ paymentId: string; credit: PaymentCredit }> {
  const key = `admin:${randomUUID()}`;
  const reserved = await changeRecord(
    deps.store.collection<PaymentDocument>('payments'),
    { pk: paymentId, id: paymentId },
    (current) => {
      if (current.ledger.status !== 'paid') throw new PaymentNotPaidError();
      const credited = (current.credits ?? []).reduce((sum, credit) => sum + credit.grossCents, 0);
      const creditable = current.ledger.receivedCents - credited;
      if (body.amountCents > creditable) throw new CreditExceedsPaymentError(creditable);
      const credit: PaymentCredit = { key, kind: 'administrator', grossCents: body.amountCents, reason: body.reason };
      return {
        ...current,
        credits: [...(current.credits ?? []), credit],
        documentsPending: true as const,
        updatedAt: deps.clock.now().toISOString(),
      };
    },
  );
  if (reserved.outcome === 'missing') throw new NotFoundError();
  await recordAudit(deps, {
    action: 'IssueCreditNote',
    entityType: 'Payment',
    entityId: paymentId,
    userId: caller.userId,
    tenantId: reserved.record.tenantId,
    success: true,
    ipAddress: client.ipAddress,
    details: `credit of ${body.amountCents} cents: ${body.reason}`,
  });
  const issued = await issuePaymentRecords(deps, paymentId);
  const credit = issued?.credits?.find((entry) => entry.key === key);
  if (!credit) throw new ValidationError(refusal('fees.creditNotIssued'));
  return { paymentId, credit };
}
