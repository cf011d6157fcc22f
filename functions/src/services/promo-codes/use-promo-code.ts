import { applyPromoDiscount, normalisePromoCode, promoCodeProblem, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { DomainError, NotFoundError } from '../../errors.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import { effectiveFeeSchedule } from '../fees/effective-fee-schedule.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { openCheckout } from '../payments/due-payment.js';
import type { UserDocument } from '../../records/user-document.js';
import { PROMO_CODE_PARTITION, promoCodeCollection, type PromoCodeDocument } from './promo-code-document.js';
import { PromoCodeError } from './promo-code-error.js';

/** The payment is paid, partly paid, lapsed, or carries a code already. */
export class PromoCodeNotApplicableError extends DomainError {
  constructor() {
    const wording = refusal('promoCodes.notApplicable');
    super('promo_code_not_applicable', 409, wording, { code: wording.message });
  }
}

/** Who entered the code, for the audit entry (absent: the service applied an account's remembered code). */
export interface PromoCodeActor {
  userId?: string;
  userEmail?: string;
  ipAddress?: string;
}

function applicable(payment: PaymentDocument): boolean {
  return payment.ledger.status === 'open' && payment.ledger.receivedCents === 0 && !payment.promoCode;
}

/**
 * Applies a promo code to an open payment (docs/fees.md "Promo codes"). The use is counted first, by a
 * conditional write on the code that checks its terms against the code as it is now — so racing uses never
 * exceed its number of uses — and then the payment's amounts are changed by a conditional write of their own:
 * the discount off the net, VAT again on what is left, what is due set to the new gross (a payment discounted
 * to nothing is paid). If the payment can no longer take it, the counted use is given back. A checkout opened
 * for the old amount is dropped in the same write and expired at the provider, and one for the new amount opened,
 * so card payment never asks for the undiscounted sum. Audited.
 */
export async function usePromoCode(
  deps: Pick<Deps, 'store' | 'clock' | 'log' | 'payments' | 'config'>,
  paymentId: string,
  rawCode: string,
  actor: PromoCodeActor,
): Promise<Stored<PaymentDocument>> {
  const code = normalisePromoCode(rawCode);
  const payments = deps.store.collection<PaymentDocument>('payments');
  const payment = await payments.read(paymentId, paymentId);
  if (!payment) throw new NotFoundError();
  if (!applicable(payment)) throw new PromoCodeNotApplicableError();
  const rate = payment.vatRateBasisPoints ?? (await fallbackRate(deps, payment));

  const codes = promoCodeCollection(deps);
  const counted = await changeRecord(
    codes,
    { pk: PROMO_CODE_PARTITION, id: code },
    (current) => {
      const problem = promoCodeProblem(current, deps.clock.now(), payment.tenantId);
      if (problem) throw new PromoCodeError(problem);
      return { ...current, usedCount: current.usedCount + 1 };
    },
    // Many payers may enter one campaign's code at once: keep retrying past the default handful of races.
    { attempts: 40, pauseMs: 10 },
  );
  if (counted.outcome === 'missing') throw new PromoCodeError('promo_code_unknown');
  const terms: PromoCodeDocument = counted.record;

  let changed: Stored<PaymentDocument>;
  let replacedRef: string | undefined;
  try {
    const result = await changeRecord(payments, { pk: paymentId, id: paymentId }, (current) => {
      replacedRef = undefined;
      if (!applicable(current)) throw new PromoCodeNotApplicableError();
      const now = deps.clock.now();
      const reverseCharge = current.reverseCharge ?? (current.vatCents === 0 && current.netCents > 0);
      const discounted = applyPromoDiscount(
        { netCents: current.netCents, vatRateBasisPoints: rate, reverseCharge },
        terms.discount,
      );
      const ledger =
        discounted.grossCents === 0
          ? { ...current.ledger, dueCents: 0, status: 'paid' as const, paidAtMs: now.getTime() }
          : { ...current.ledger, dueCents: discounted.grossCents };
      // The old checkout asks for the undiscounted sum: dropped here, expired below, a new attempt opened.
      const replacing = current.providerRef !== undefined && discounted.grossCents !== current.ledger.dueCents;
      if (replacing) replacedRef = current.providerRef;
      const { checkoutUrl: _url, providerRef: _ref, ...withoutCheckout } = current;
      return {
        ...(replacing ? withoutCheckout : current),
        ...(replacing ? { checkoutAttempt: (current.checkoutAttempt ?? 1) + 1 } : {}),
        netCents: discounted.netCents,
        vatCents: discounted.vatCents,
        vatRateBasisPoints: rate,
        reverseCharge,
        promoCode: {
          code,
          discountCents: discounted.discountCents,
          netBeforeCents: current.netCents,
          appliedAt: now.toISOString(),
        },
        ledger,
        updatedAt: now.toISOString(),
      };
    });
    if (result.outcome === 'missing') throw new NotFoundError();
    changed = result.record;
  } catch (error) {
    await giveBackUse(deps, code);
    throw error;
  }
  if (replacedRef) changed = await replaceCheckout(deps, changed, replacedRef);
  await recordAudit(deps, {
    action: 'ApplyPromoCode',
    entityType: 'Payment',
    entityId: changed.id,
    tenantId: changed.tenantId,
    ...(actor.userId ? { userId: actor.userId } : {}),
    ...(actor.userEmail ? { userEmail: actor.userEmail } : {}),
    ...(actor.ipAddress ? { ipAddress: actor.ipAddress } : {}),
    success: true,
    details: `${code} on ${changed.purpose} of case ${changed.disputeId}: ${changed.promoCode!.discountCents} cents off the net, ${changed.ledger.dueCents} cents due`,
  });
  return changed;
}

/** The rate a payment written before it carried its own was charged at: its tenant's schedule's. */
async function fallbackRate(deps: Pick<Deps, 'store'>, payment: PaymentDocument): Promise<number> {
  if (payment.vatCents === 0) return 0;
  return (await effectiveFeeSchedule(deps, payment.tenantId)).schedule?.vatRateBasisPoints ?? 0;
}

async function giveBackUse(deps: Pick<Deps, 'store' | 'log'>, code: string): Promise<void> {
  try {
    await changeRecord(
      promoCodeCollection(deps),
      { pk: PROMO_CODE_PARTITION, id: code },
      (current) => ({ ...current, usedCount: Math.max(0, current.usedCount - 1) }),
      { attempts: 40, pauseMs: 10 },
    );
  } catch (error) {
    deps.log.error('A promo code use could not be given back', { code, error });
  }
}

/**
 * After a discount: the checkout for the old amount is expired at the provider (so only the new one can be paid;
 * money through the old one would be a payment beyond what is due, credited), and one for the new amount opened
 * unless nothing is left to pay.
 */
async function replaceCheckout(
  deps: Pick<Deps, 'store' | 'log' | 'payments' | 'config'>,
  payment: Stored<PaymentDocument>,
  oldRef: string,
): Promise<Stored<PaymentDocument>> {
  await deps.payments.expireCheckout(oldRef).catch((error: unknown) => {
    deps.log.warn('Expiring a checkout replaced by a promo code failed', { paymentId: payment.id, error });
  });
  const payer = await deps.store.collection<UserDocument>('users').read(payment.payerUserId, payment.payerUserId);
  return openCheckout(deps, payment, payer?.email ? { payerEmail: payer.email } : {});
}
