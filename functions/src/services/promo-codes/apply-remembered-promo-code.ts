import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import type { UserDocument } from '../../records/user-document.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { PromoCodeError } from './promo-code-error.js';
import { usePromoCode } from './use-promo-code.js';

export type RememberedPromoCodeOutcome =
  /** The account had no code, or the payment cannot take one: nothing changed. */
  | { outcome: 'none' }
  | { outcome: 'applied'; payment: Stored<PaymentDocument> }
  /** The code could not be used; `kept` says whether it stays on the account for a later payment. */
  | { outcome: 'refused'; problem: PromoCodeError['problem']; kept: boolean };

/**
 * For whoever creates a payment (a due point): applies the payer's promo code remembered from registration
 * to the new payment, counting the use as any entered code's, and removes it from the account once used. A
 * code that can never be used again (unknown, expired, used up, another tenant's) is removed too; one not yet
 * valid stays for a later payment. Never throws for the code's sake: the payment stands either way.
 */
export async function applyRememberedPromoCode(
  deps: Pick<Deps, 'store' | 'clock' | 'log' | 'payments' | 'config'>,
  paymentId: string,
): Promise<RememberedPromoCodeOutcome> {
  const payment = await deps.store.collection<PaymentDocument>('payments').read(paymentId, paymentId);
  if (!payment || payment.promoCode || payment.ledger.status !== 'open') return { outcome: 'none' };
  const users = deps.store.collection<UserDocument>('users');
  const payer = await users.read(payment.payerUserId, payment.payerUserId);
  const code = payer?.promoCode;
  if (!code) return { outcome: 'none' };
  const forget = () =>
    changeRecord(users, { pk: payment.payerUserId, id: payment.payerUserId }, (current) => {
      if (current.promoCode !== code) return undefined;
      const { promoCode: _used, ...rest } = current;
      return rest;
    });
  try {
    const applied = await usePromoCode(deps, paymentId, code, { userId: payment.payerUserId });
    await forget();
    return { outcome: 'applied', payment: applied };
  } catch (error) {
    if (!(error instanceof PromoCodeError)) {
      deps.log.warn('The remembered promo code was not applied', { paymentId, code, error });
      return { outcome: 'none' };
    }
    const kept = error.problem === 'promo_code_not_yet_valid';
    if (!kept) await forget();
    return { outcome: 'refused', problem: error.problem, kept };
  }
}
