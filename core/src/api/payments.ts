import type { PaymentStatus } from '../fees/payment-ledger.js';

/** What a payment asks for after a promo code was entered on it (`POST /api/payments/{id}/promo-code`). */
export interface PaymentAmountView {
  paymentId: string;
  status: PaymentStatus;
  netCents: number;
  vatCents: number;
  /** What is due, VAT included. */
  amountCents: number;
  promoCode?: { code: string; discountCents: number };
}

/** One payment as the administrators' Payments tab lists it (docs/fees.md "What administrators see"). */
export interface AdminPaymentView {
  id: string;
  tenantId: string;
  disputeId: string;
  caseNumber?: string;
  purpose:
    'filingFee' | 'aiDecisionFee' | 'tribunalAdministrativeFee' | 'tribunalAdvanceShare' | 'tribunalAdvanceShortfall';
  payer: { userId: string; name?: string; email?: string };
  status: PaymentStatus;
  method?: 'card' | 'invoice';
  netCents: number;
  vatCents: number;
  grossCents: number;
  receivedCents: number;
  reverseCharge: boolean;
  promoCode?: string;
  receiptNumber?: string;
  createdAt: string;
  paidAt?: string;
  /** Whole days since it was opened, while it is unpaid. */
  ageDays?: number;
  /** Closed: no longer payable (its tribunal request lapsed, or its case became final). */
  closedReason?: 'tribunalLapsed' | 'caseFinal';
  /** What was credited of it by credit notes, in cents, when anything was. */
  creditedCents?: number;
  /** Its money came after it was closed and was credited in full: not revenue (docs/fees.md). */
  paidAfterClose?: true;
}

/** Revenue and VAT of one calendar month (Finnish time) for the VAT return. */
export interface MonthlyRevenueRow {
  /** YYYY-MM. */
  month: string;
  payments: number;
  /** Domestic sales: Finnish VAT charged. */
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** Sales under a reverse charge (no VAT charged): reported apart in the VAT return. */
  reverseChargeNetCents: number;
}

/** `GET /api/superadmin/payments`. */
export interface AdminPaymentsOverview {
  payments: AdminPaymentView[];
  /** Open payments, oldest first, with their age. */
  outstanding: AdminPaymentView[];
  monthly: MonthlyRevenueRow[];
}
