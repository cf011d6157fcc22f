import { promoCodeEntrySchema, type PaymentAmountView } from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { usePromoCode } from './use-promo-code.js';

/**
 * `POST /api/payments/{id}/promo-code {code}`: the payer enters a promo code on an open payment. Only the payer
 * may: to anyone else the payment does not exist (404).
 */
export async function enterPromoCode(
  deps: Deps,
  caller: Caller,
  paymentId: string,
  input: unknown,
  client: ClientInfo,
): Promise<PaymentAmountView> {
  const { code } = promoCodeEntrySchema.parse(input);
  const payment = await deps.store.collection<PaymentDocument>('payments').read(paymentId, paymentId);
  if (!payment || payment.payerUserId !== caller.userId) throw new NotFoundError();
  const changed = await usePromoCode(deps, paymentId, code, {
    userId: caller.userId,
    userEmail: caller.email,
    ipAddress: client.ipAddress,
  });
  return toPaymentAmountView(changed);
}

export function toPaymentAmountView(payment: PaymentDocument): PaymentAmountView {
  return {
    paymentId: payment.id,
    status: payment.ledger.status,
    netCents: payment.netCents,
    vatCents: payment.vatCents,
    amountCents: payment.ledger.dueCents,
    ...(payment.promoCode
      ? { promoCode: { code: payment.promoCode.code, discountCents: payment.promoCode.discountCents } }
      : {}),
  };
}
