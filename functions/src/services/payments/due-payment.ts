import { createHash } from 'node:crypto';
import {
  customerOfPayer,
  openLedger,
  quoteFees,
  type DuePaymentBody,
  type FeeLine,
  type TribunalSize,
  refusal,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { DomainError } from '../../errors.js';
import { StoreConflictError, type Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { effectiveFeeSchedule } from '../fees/effective-fee-schedule.js';
import { casePath } from '../notices/notice-paths.js';
import type {
  PaidStep,
  PaymentBuyer,
  PaymentDocument,
  PaymentPurpose,
  PendingDecisionRequest,
} from './payment-document.js';

/** A due point of a case (docs/fees.md "Due points"): a step that waits for a fee, and who owes it. */
export interface DuePoint {
  tenantId: string;
  disputeId: string;
  caseName: string;
  purpose: PaymentPurpose;
  payerSide: 'claimant' | 'respondent';
  payerUserId: string;
  payerEmail?: string;
  /** The case's amount in dispute; the bands need it once fees are charged. */
  amountInDisputeCents: number | undefined;
  tribunalSize?: TribunalSize;
  /** For a tribunal fee: which request of the case (0 the first; one more after each lapse). */
  tribunalRound?: number;
  /** What happens once it is paid (services/paid-steps). */
  onPaid?: PaidStep[];
  /** For an AI-decision fee: the request to start once paid; a later ask while unpaid replaces it. */
  decisionRequest?: PendingDecisionRequest;
  /** Printed on the receipt and the invoice. */
  caseNumber?: string;
  /** The paying party as receipts and invoices name it (the case's party: a company with its business ID). */
  buyer?: PaymentBuyer;
  /**
   * Run once on the payment just created (the caller's domain supplies it: payments imports no promo codes);
   * answers the payment as changed, or undefined when it changed nothing.
   */
  onCreated?: (
    deps: Pick<Deps, 'store' | 'clock' | 'log' | 'payments' | 'config'>,
    paymentId: string,
  ) => Promise<Stored<PaymentDocument> | undefined>;
}

/** Fees are charged, but the case has no amount in dispute to price them by. */
export class AmountInDisputeRequiredError extends DomainError {
  constructor() {
    const wording = refusal('fees.amountInDisputeRequired');
    super('amount_in_dispute_required', 400, wording, { amountInDispute: wording.message });
  }
}

/** 402: the step waits for this payment; the body names what to pay and where. */
export class PaymentRequiredError extends DomainError {
  constructor(payment: DuePaymentBody) {
    super('payment_required', 402, refusal('fees.paymentRequired'), undefined, {
      payment,
    });
  }
}

/**
 * The one payment of a due point: the same id however often, by however many racing requests, it is asked.
 * One per case and purpose; the advance has one share per side.
 */
export function duePaymentId(point: Pick<DuePoint, 'disputeId' | 'purpose' | 'payerSide' | 'tribunalRound'>): string {
  const side =
    point.purpose === 'tribunalAdvanceShare' || point.purpose === 'tribunalAdvanceShortfall'
      ? `|${point.payerSide}`
      : '';
  // A tribunal request after a lapsed one owes its fees again: the round keeps their payments apart.
  const round = point.tribunalRound ? `|round:${point.tribunalRound}` : '';
  const hex = createHash('sha256').update(`${point.disputeId}|${point.purpose}${side}${round}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Creates or gets the payment of a due point, with its checkout opened (docs/fees.md "Due points"). Undefined
 * when nothing is due: no schedule (the embedded default) or a fee of zero. One payment per due point: its id
 * follows from the case, the purpose and the side, and it is created by a conditional write, so asking again —
 * or two requests at once — answers the same payment. Throws AmountInDisputeRequiredError when fees are charged
 * and the case has no amount in dispute. The caller refuses final cases before asking.
 */
export async function duePaymentFor(
  deps: Pick<Deps, 'store' | 'clock' | 'payments' | 'config' | 'log'>,
  point: DuePoint,
): Promise<Stored<PaymentDocument> | undefined> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  const id = duePaymentId(point);
  let payment = await payments.read(id, id);
  if (!payment) {
    const effective = await effectiveFeeSchedule(deps, point.tenantId);
    if (!effective.schedule) return undefined;
    if (point.amountInDisputeCents === undefined) throw new AmountInDisputeRequiredError();
    const quote = quoteFees(effective.schedule, effective.revision, {
      amountInDisputeCents: point.amountInDisputeCents,
      tribunalSize: point.tribunalSize ?? 1,
      // VAT by who pays: reverse charge only for a business in another member state with a VAT number.
      customer: customerOfPayer(point.buyer),
    });
    const line = lineOf(quote, point);
    if (line.grossCents === 0) return undefined;
    const now = deps.clock.now();
    const document: PaymentDocument = {
      id,
      pk: id,
      tenantId: point.tenantId,
      disputeId: point.disputeId,
      purpose: point.purpose,
      payerSide: point.payerSide,
      payerUserId: point.payerUserId,
      netCents: line.netCents,
      vatCents: line.vatCents,
      vatRateBasisPoints: line.vatRateBasisPoints,
      reverseCharge: line.reverseCharge,
      ...(point.caseNumber ? { caseNumber: point.caseNumber } : {}),
      ...(point.buyer ? { buyer: point.buyer } : {}),
      scheduleRevision: effective.revision ?? 0,
      ledger: openLedger(line.grossCents),
      dueBy: new Date(now.getTime() + effective.schedule.paymentPeriodDays * 86_400_000).toISOString(),
      ...(point.onPaid?.length ? { onPaid: point.onPaid } : {}),
      ...(point.decisionRequest ? { decisionRequest: point.decisionRequest } : {}),
      ...(point.tribunalRound !== undefined ? { tribunalRound: point.tribunalRound } : {}),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    try {
      payment = await payments.create(document);
      // E.g. a code the payer gave at registration takes its discount off the new payment (docs/fees.md "Promo codes").
      if (point.onCreated) payment = (await point.onCreated(deps, payment.id)) ?? payment;
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
      payment = await payments.read(id, id);
      if (!payment) throw error;
    }
  }
  if (point.decisionRequest && payment.ledger.status !== 'paid') {
    const latest = point.decisionRequest;
    if (JSON.stringify(payment.decisionRequest) !== JSON.stringify(latest)) {
      // Conditional on the payment being still unpaid: a request after the money came does not change what started.
      const written = await changeRecord(payments, { pk: id, id }, (current) =>
        current.ledger.status === 'paid' || current.settledAt ? undefined : { ...current, decisionRequest: latest },
      );
      if (written.outcome !== 'missing') payment = written.record;
    }
  }
  return openCheckout(deps, payment, point);
}

/**
 * Opens the payment's checkout for what is due now, unless it has one, is paid or is closed. The provider answers
 * the same checkout for the same payment id and attempt, so two racing requests open one; a payment whose amount
 * changed (a promo code, another payer's VAT) drops its old checkout and counts a new attempt first.
 */
export async function openCheckout(
  deps: Pick<Deps, 'store' | 'payments' | 'config'>,
  payment: Stored<PaymentDocument>,
  about: { caseName?: string; payerEmail?: string },
): Promise<Stored<PaymentDocument>> {
  if (payment.checkoutUrl || payment.ledger.status === 'paid' || payment.closed) return payment;
  const description =
    about.caseName !== undefined
      ? `${PURPOSE_DESCRIPTIONS[payment.purpose]}: ${about.caseName}`
      : (payment.checkoutDescription ?? PURPOSE_DESCRIPTIONS[payment.purpose]);
  const checkout = await deps.payments.createCheckout({
    paymentId: payment.id,
    description,
    amountCents: payment.ledger.dueCents,
    ...(about.payerEmail ? { customerEmail: about.payerEmail } : {}),
    successUrl: `${deps.config.publicUrl}${casePath(payment.disputeId)}`,
    cancelUrl: `${deps.config.publicUrl}${casePath(payment.disputeId)}`,
    ...(payment.checkoutAttempt ? { attempt: payment.checkoutAttempt } : {}),
  });
  const payments = deps.store.collection<PaymentDocument>('payments');
  const written = await changeRecord(payments, { pk: payment.id, id: payment.id }, (current) =>
    current.checkoutUrl
      ? undefined
      : {
          ...current,
          providerRef: checkout.providerRef,
          checkoutUrl: checkout.checkoutUrl,
          checkoutDescription: description,
        },
  );
  return written.outcome === 'missing' ? payment : written.record;
}

/**
 * The gate of a due point: returns when nothing is due or the payment is paid; otherwise throws 402 naming the
 * payment (created on the first ask).
 */
export async function requirePaid(
  deps: Pick<Deps, 'store' | 'clock' | 'payments' | 'config' | 'log'>,
  point: DuePoint,
): Promise<void> {
  const payment = await duePaymentFor(deps, point);
  if (!payment || payment.ledger.status === 'paid') return;
  throw new PaymentRequiredError(duePaymentBody(payment));
}

export function duePaymentBody(payment: PaymentDocument): DuePaymentBody {
  return {
    id: payment.id,
    amountCents: payment.ledger.dueCents,
    vatCents: payment.vatCents,
    checkoutUrl: payment.checkoutUrl ?? '',
    invoiceUrl: invoiceUrlOf(payment.id),
  };
}

/** The invoice PDF of a payment (built beside the receipts, services/payments). */
export function invoiceUrlOf(paymentId: string): string {
  return `/api/payments/${encodeURIComponent(paymentId)}/invoice`;
}

/** What the checkout page names the payment for (the provider shows it to the payer). */
const PURPOSE_DESCRIPTIONS: Record<PaymentPurpose, string> = {
  filingFee: 'Filing fee',
  aiDecisionFee: 'AI decision fee',
  tribunalAdministrativeFee: 'Tribunal administrative fee',
  tribunalAdvanceShare: "Share of the tribunal's advance",
  tribunalAdvanceShortfall: "Share of the arbitrators' fees beyond the advance",
};

function lineOf(quote: ReturnType<typeof quoteFees>, point: DuePoint): FeeLine {
  switch (point.purpose) {
    case 'filingFee':
      return quote.filingFee;
    case 'aiDecisionFee':
      return quote.aiDecisionFee;
    case 'tribunalAdministrativeFee':
      return quote.tribunal.administrativeFee;
    case 'tribunalAdvanceShare':
      return quote.tribunal.advanceShares[point.payerSide];
    case 'tribunalAdvanceShortfall':
      // Not in the schedule: the award's fees order fixes it (tribunal-fees/settle-tribunal-advance.ts makes it).
      throw new RangeError('A shortfall of the advance is not priced by the schedule.');
  }
}
