import type { DecisionSettings, PaymentLedger, TestCheckoutView } from '@ratkaisu/core';
import type { BaseDoc } from '../../ports/store.js';

/** What a payment is for: the due points of docs/fees.md. */
export type PaymentPurpose = TestCheckoutView['purpose'];

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
  purpose: PaymentPurpose;
  payerUserId: string;
  netCents: number;
  vatCents: number;
  /** The schedule revision the amounts come from. */
  scheduleRevision: number;
  ledger: PaymentLedger;
  /** The side that owes it (docs/fees.md "Due points"). */
  payerSide?: 'claimant' | 'respondent';
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
  createdAt: string;
  updatedAt: string;
}
