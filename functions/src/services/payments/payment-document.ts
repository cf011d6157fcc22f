import { openLedger, type PaymentLedger, type TestCheckoutView } from '@ratkaisu/core';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { BaseDoc, Stored } from '../../ports/store.js';

/** What a payment is for: the due points of docs/fees.md. */
export type PaymentPurpose = TestCheckoutView['purpose'];

/** How a payment is paid: by card through the provider's checkout, or by an invoice's bank transfer. */
export type PaymentMethod = 'card' | 'invoice';

/** A promo code applied to a payment (docs/fees.md "Promo codes"): what it took off, for the receipt. */
export interface AppliedPromoCode {
  code: string;
  /** Taken off the net, in cents. */
  discountCents: number;
  /** The net before the discount. */
  netBeforeCents: number;
  appliedAt: string;
}

/**
 * One payment ('payments' collection, id = partition = the payment id): what is due for which step of which
 * case, from whom, and its ledger — the verified notifications applied to it (core payment-ledger.ts).
 */
export interface PaymentDocument extends BaseDoc {
  tenantId: string;
  disputeId: string;
  purpose: PaymentPurpose;
  payerUserId: string;
  netCents: number;
  vatCents: number;
  /** The schedule revision the amounts come from. */
  scheduleRevision: number;
  /** The VAT rate the amounts were computed at (a promo code recomputes the VAT at it). */
  vatRateBasisPoints?: number;
  /** True when the buyer accounts for the VAT (no VAT charged). */
  reverseCharge?: boolean;
  /** How it is being paid; absent until the payer chose (a card checkout or an invoice). */
  method?: PaymentMethod;
  /** The receipt's number once one was issued. */
  receiptNumber?: string;
  promoCode?: AppliedPromoCode;
  ledger: PaymentLedger;
  /** The provider's checkout, once one was opened. */
  providerRef?: string;
  checkoutUrl?: string;
  createdAt: string;
  updatedAt: string;
}

export interface NewPayment {
  tenantId: string;
  disputeId: string;
  purpose: PaymentPurpose;
  payerUserId: string;
  netCents: number;
  vatCents: number;
  vatRateBasisPoints: number;
  reverseCharge: boolean;
  scheduleRevision: number;
  method?: PaymentMethod;
}

/** Writes a new open payment for what is due (net + VAT, more than 0). */
export async function createPaymentDocument(
  deps: Pick<Deps, 'store' | 'clock'>,
  input: NewPayment,
): Promise<Stored<PaymentDocument>> {
  const id = randomUUID();
  const now = deps.clock.now().toISOString();
  return deps.store.collection<PaymentDocument>('payments').create({
    id,
    pk: id,
    ...input,
    ledger: openLedger(input.netCents + input.vatCents),
    createdAt: now,
    updatedAt: now,
  });
}
