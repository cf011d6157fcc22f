import type { FeeSchedule } from '../fees/fee-schedule.js';

/** A fee schedule as a super-administrator sees it: the global one or a tenant's override (docs/fees.md). */
export interface FeeScheduleView {
  scope: 'global' | 'tenant';
  tenantId?: string;
  /** Counts the versions this scope has had, from 1; a cleared schedule keeps its count. */
  revision: number;
  /** Null when cleared: the scope falls back to the global schedule, or to the default that charges nothing. */
  schedule: FeeSchedule | null;
  setAt: string;
}

/** `GET /api/superadmin/fee-schedule`. */
export interface FeeSchedulesView {
  global: FeeScheduleView | null;
  tenants: FeeScheduleView[];
}

/** The built-in test provider's checkout page: what one payment asks for (docs/fees.md). */
export interface TestCheckoutView {
  paymentId: string;
  disputeId: string;
  purpose:
    'filingFee' | 'aiDecisionFee' | 'tribunalAdministrativeFee' | 'tribunalAdvanceShare' | 'tribunalAdvanceShortfall';
  netCents: number;
  vatCents: number;
  /** What the Pay button pays, VAT included. */
  amountCents: number;
  status: 'open' | 'paid' | 'expired';
  /** Closed: a lapsed tribunal request's or a final case's; it can no longer be paid. */
  closed?: true;
}

/** A receipt or credit note on the payer's account page (docs/fees.md "Receipts, credit notes and invoices"). */
export interface PaymentRecordView {
  /** Names it in `GET /user/receipts/{id}/pdf`. */
  id: string;
  kind: 'receipt' | 'creditNote';
  /** The printed number, `R-000042` / `H-000003`. */
  number: string;
  issuedAt: string;
  /** VAT included; for a credit note, what it credits. */
  grossCents: number;
  vatCents: number;
  caseNumber: string;
  paymentId: string;
}

/** What a super-administrator's import of a camt.054 statement did with each incoming payment. */
export interface BankStatementEntryView {
  bankRef: string;
  amountCents: number;
  reference?: string;
  debtorName?: string;
  paymentId?: string;
  /** What the payment still lacks (partial) or got beyond what was due (overpaid), in cents. */
  differenceCents?: number;
  /** Why an unknown entry was not applied: no reference, a reference no invoice has, another currency. */
  reason?: 'no_reference' | 'unknown_reference' | 'currency';
}

export interface BankStatementImportView {
  matched: BankStatementEntryView[];
  partial: BankStatementEntryView[];
  overpaid: BankStatementEntryView[];
  unknown: BankStatementEntryView[];
  /** Entries applied by an earlier import of the same statement: changed nothing. */
  alreadyImported: BankStatementEntryView[];
  /** Paid toward a payment already closed (its tribunal request lapsed, its case final): credited in full. */
  credited: BankStatementEntryView[];
  /** Debits, reversals and entries not yet booked. */
  skipped: number;
}

export type PaymentPurposeName = TestCheckoutView['purpose'];

/** The `payment` member of a 402 answer (docs/fees.md "Due points"): what to pay and where. */
export interface DuePaymentBody {
  id: string;
  /** What to pay, VAT included, in euro cents. */
  amountCents: number;
  vatCents: number;
  checkoutUrl: string;
  invoiceUrl: string;
}

/** One payment of a case as a party's case page shows it (docs/fees.md "Due points"). */
export interface CasePaymentView {
  id: string;
  purpose: PaymentPurposeName;
  /** The side that owes it. */
  payerSide: 'claimant' | 'respondent';
  /** True for the side that owes it: only that side sees how to pay. */
  yours: boolean;
  netCents: number;
  vatCents: number;
  amountCents: number;
  status: 'open' | 'paid' | 'expired';
  /** Pay by: the end of the payment period. */
  dueBy: string;
  /** The other side took the payment over and pays it (a share of the tribunal's advance). */
  paidBySide?: 'claimant' | 'respondent';
  /** The caller's side may pay this share for the other side (`POST /api/dispute/{id}/tribunal/advance/{side}/pay`). */
  mayPayForOther?: true;
  checkoutUrl?: string;
  invoiceUrl?: string;
  /** A promo code applied to it (entered on it, or remembered from registration): what it took off the net. */
  promoCode?: { code: string; discountCents: number };
  /** The payer may still enter a promo code (`POST /api/payments/{id}/promo-code`): open, nothing received, none yet. */
  mayEnterPromoCode?: true;
}
