import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { applyRememberedPromoCode } from './apply-remembered-promo-code.js';

/**
 * A due point's `onCreated` (payments/due-payment.ts): the code the payer gave at registration, applied to the
 * payment just created. Never fails the due point for the code's sake (applyRememberedPromoCode does not throw).
 */
export async function rememberedCodeOnCreated(
  deps: Pick<Deps, 'store' | 'clock' | 'log' | 'payments' | 'config'>,
  paymentId: string,
): Promise<Stored<PaymentDocument> | undefined> {
  const outcome = await applyRememberedPromoCode(deps, paymentId);
  return outcome.outcome === 'applied' ? outcome.payment : undefined;
}
