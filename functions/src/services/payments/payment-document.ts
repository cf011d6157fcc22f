import type { PaymentLedger, TestCheckoutView } from '@ratkaisu/core';
import type { BaseDoc } from '../../ports/store.js';

/** What a payment is for: the due points of docs/fees.md. */
export type PaymentPurpose = TestCheckoutView['purpose'];

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
  ledger: PaymentLedger;
  /** The provider's checkout, once one was opened. */
  providerRef?: string;
  checkoutUrl?: string;
  createdAt: string;
  updatedAt: string;
}
