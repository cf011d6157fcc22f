import { openLedger, type DecisionSettings, type PaymentLedger, type TestCheckoutView } from '@ratkaisu/core';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { BaseDoc, Stored } from '../../ports/store.js';

/** What a payment is for: the due points of docs/fees.md. */
export type PaymentPurpose = TestCheckoutView['purpose'];

/** Who pays, as receipts and invoices name them: a person, or a company with its business ID. */
export interface PaymentBuyer {
  name: string;
  /** The company, when a company pays; invoices are for companies only. */
  company?: string;
  /** The company's business ID (Y-tunnus, or another country's registry number). */
  businessId?: string;
  vatNumber?: string;
  /** ISO 3166 alpha-2; with a non-Finnish EU VAT number the sale is reverse-charged (docs/fees.md "VAT"). */
  country?: string;
  address?: string;
}

/** A credit of part of a payment (docs/fees.md "Credit notes"): reserved on the payment first, then issued. */
export interface PaymentCredit {
  /**
   * What it credits once: `surplus:<received cents>` for a double payment, `admin:<uuid>` for a reasoned one,
   * `closed:<received cents>` for money that came after the payment was closed.
   */
  key: string;
  /**
   * `tribunalLapse`: what was paid toward a tribunal request that lapsed; `feesOrder`: the advance beyond the
   * arbitrators' fees an award fixed (docs/fees.md "The tribunal's advance"); `closedPayment`: money received
   * after the payment was closed (its `reason` is the closing's), credited in full (docs/fees.md "Money after a
   * payment was closed"); `tribunalResize`: a paid share of an advance priced for three arbitrators, brought to a
   * sole arbitrator's (docs/fees.md "A sole arbitrator after all").
   */
  kind: 'surplus' | 'administrator' | 'tribunalLapse' | 'feesOrder' | 'closedPayment' | 'tribunalResize';
  grossCents: number;
  reason: string;
  /** The credit note once issued (its id in the `fees` collection and its printed number). */
  documentId?: string;
  number?: string;
}

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

/** A step a paid payment lets happen, done once by services/paid-steps. */
export type PaidStep = 'advanceClaim' | 'inviteRespondent' | 'startDecision';

/** The AI decision a paid `aiDecisionFee` starts: who asked last, with which settings. */
export interface PendingDecisionRequest {
  userId: string;
  settings: DecisionSettings;
}

/**
 * One payment ('payments' collection, id = partition = the payment id): what is due for which step of which
 * case, from whom, and its ledger — the verified notifications applied to it (core payment-ledger.ts).
 */
export interface PaymentDocument extends BaseDoc {
  tenantId: string;
  disputeId: string;
  /** The case number printed on receipts and invoices, when the case has one. */
  caseNumber?: string;
  purpose: PaymentPurpose;
  payerUserId: string;
  buyer?: PaymentBuyer;
  netCents: number;
  vatCents: number;
  /** The VAT rate the amounts were computed at (basis points; a promo code recomputes the VAT at it); the schedule's when not given. */
  vatRateBasisPoints?: number;
  /** The quote said reverse charge: no Finnish VAT, the buyer accounts for it. */
  reverseCharge?: boolean;
  /** The schedule revision the amounts come from. */
  scheduleRevision: number;
  /** How it is being paid; absent until the payer chose (a card checkout or an invoice). */
  method?: PaymentMethod;
  promoCode?: AppliedPromoCode;
  ledger: PaymentLedger;
  /** The side that owes it (docs/fees.md "Due points"). */
  payerSide?: 'claimant' | 'respondent';
  /** The side that took the payment over and pays it instead (docs/fees.md "Paying the other party's share"). */
  paidBySide?: 'claimant' | 'respondent';
  /** Which tribunal request of the case a tribunal fee belongs to: 0 for the first, one more after each lapse. */
  tribunalRound?: number;
  /** When a tribunal fee's reminder was sent (once). */
  remindedAt?: string;
  /**
   * Closed: no longer payable, its checkout expired (docs/fees.md "Lapse" and "A final case"). Money already
   * received toward a lapsed request is credited.
   */
  closed?: { at: string; reason: 'tribunalLapsed' | 'caseFinal' };
  /**
   * A share of the tribunal's advance priced for three arbitrators and brought to a sole arbitrator's
   * (services/tribunal-fees/resize-tribunal-advance.ts): its net before and after, and what was credited of it.
   */
  resized?: { at: string; fromNetCents: number; toNetCents: number; creditedCents: number };
  /** The checkout attempt (a payment taken over at another price gets a new checkout); absent for the first. */
  checkoutAttempt?: number;
  /** Pay by: the end of the schedule's payment period from when it fell due. */
  dueBy?: string;
  /** What happens once it is paid, in order (services/paid-steps); copied to `stepsLeft` when it settles. */
  onPaid?: PaidStep[];
  /** For an AI-decision fee: the request it starts once paid (the latest ask while it was unpaid). */
  decisionRequest?: PendingDecisionRequest;
  /** The steps still to do after it settled: a crash leaves them here for the sweep (services/paid-steps). */
  stepsLeft?: PaidStep[];
  /** When the payment settled (the webhook's write), to let the sweep leave fresh ones to their webhook. */
  settledAt?: string;
  /** The provider's checkout, once one was opened. */
  providerRef?: string;
  checkoutUrl?: string;
  /** What the checkout names (the fee and the case): kept so a checkout opened again names the same. */
  checkoutDescription?: string;
  /** The invoice, once one was issued for this payment (a company payer's). */
  invoice?: { documentId: string; number: string; reference: string; rf: string; issuedAt: string; dueDate: string };
  /** The receipt, once issued. */
  receipt?: { documentId: string; number: string };
  credits?: PaymentCredit[];
  /**
   * Set in the same write that settles the payment or credits it: its receipt or credit notes are still to be
   * issued. Cleared when they are; a crash in between leaves it set for the webhook's retry or the sweep.
   */
  documentsPending?: true;
  createdAt: string;
  updatedAt: string;
}

export type NewPayment = Pick<
  PaymentDocument,
  | 'tenantId'
  | 'disputeId'
  | 'caseNumber'
  | 'purpose'
  | 'payerUserId'
  | 'buyer'
  | 'netCents'
  | 'vatCents'
  | 'vatRateBasisPoints'
  | 'reverseCharge'
  | 'scheduleRevision'
  | 'method'
>;

/** Writes a new open payment for `net + VAT` (a due point's step, or a test's). */
export async function createPaymentDocument(
  deps: Pick<Deps, 'store' | 'clock'>,
  payment: NewPayment,
): Promise<Stored<PaymentDocument>> {
  const id = randomUUID();
  const now = deps.clock.now().toISOString();
  const defined = Object.fromEntries(Object.entries(payment).filter(([, value]) => value !== undefined)) as NewPayment;
  return deps.store.collection<PaymentDocument>('payments').create({
    ...defined,
    id,
    pk: id,
    ledger: openLedger(payment.netCents + payment.vatCents),
    createdAt: now,
    updatedAt: now,
  });
}
