import { promoCodeEntrySchema, type PaymentAmountView } from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { PromoCodeError } from './promo-code-error.js';
import { PromoCodeNotApplicableError, usePromoCode } from './use-promo-code.js';

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
  const actor = { userId: caller.userId, userEmail: caller.email, ipAddress: client.ipAddress };
  try {
    return toPaymentAmountView(await usePromoCode(deps, paymentId, code, actor));
  } catch (error) {
    // A refused code is audited too: trying codes on a payment leaves a trace.
    if (error instanceof PromoCodeError || error instanceof PromoCodeNotApplicableError) {
      await recordAudit(deps, {
        action: 'ApplyPromoCode',
        entityType: 'Payment',
        entityId: paymentId,
        tenantId: payment.tenantId,
        ...actor,
        success: false,
        details: `${code.trim().toUpperCase()}: ${error.code}`,
        errorMessage: error.message,
      });
    }
    throw error;
  }
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
