import {
  FINNISH_GENERAL_VAT_BASIS_POINTS,
  paymentRecordNumber,
  splitGross,
  surplusCents,
  type FeeSchedule,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import type { UserDocument } from '../../records/user-document.js';
import { recordAudit } from '../audit/record-audit.js';
import { effectiveFeeSchedule } from '../fees/effective-fee-schedule.js';
import { durableStep } from '../outbox/durable-step.js';
import { sendRecordedMail } from '../outbox/enqueue-mail.js';
import type { PaymentCredit, PaymentDocument } from '../payments/payment-document.js';
import { numberFor } from './number-series.js';
import { keepPaymentRecord } from './keep-payment-record.js';
import { paymentRecordBlobName, recordsPartition, type PaymentRecordDocument } from './payment-record-document.js';
import { recordWording, type RecordLanguage } from './payment-record-wording.js';
import type { PrintedRecord } from './render-payment-record.js';

export type IssueDeps = Pick<Deps, 'store' | 'blobs' | 'mailer' | 'clock' | 'log' | 'config' | 'stepProbe'>;

type Seller = FeeSchedule['seller'];

/**
 * Issues what a payment's money calls for (docs/fees.md "Receipts, credit notes and invoices"): its receipt
 * once it is paid, a credit note for a double payment's surplus, and any credit note reserved on it and not yet
 * issued. Each is numbered in the seller's gapless series, kept as a PDF in the write-once container, mailed to
 * the payer with the PDF attached in the payer's language, and bound to the payment. Every step finds what an
 * earlier attempt did, so running it again — after a crash, for a replayed webhook, from the sweep — issues
 * nothing twice. Clears the payment's `documentsPending` when nothing is left to issue.
 */
export async function issuePaymentRecords(
  deps: IssueDeps,
  paymentId: string,
): Promise<Stored<PaymentDocument> | undefined> {
  const payments = deps.store.collection<PaymentDocument>('payments');
  for (let round = 0; round < 4; round++) {
    const payment = await payments.read(paymentId, paymentId);
    if (!payment?.documentsPending) return payment;
    const seller = (await effectiveFeeSchedule(deps, payment.tenantId)).schedule?.seller;
    if (!seller) {
      // Fees were switched off after this payment was taken: nobody to issue it in the name of yet.
      deps.log.error('a paid payment has no seller to issue its receipt', { paymentId });
      return payment;
    }
    const payer = await deps.store.collection<UserDocument>('users').read(payment.payerUserId, payment.payerUserId);
    const context = { seller, payer, caseNumber: await caseNumberOf(deps, payment) };

    if (receiptDue(payment)) await issueReceipt(deps, payment, context);
    await reserveSurplusCredit(deps, paymentId);
    const current = (await payments.read(paymentId, paymentId))!;
    for (const credit of current.credits ?? []) {
      if (!credit.documentId) await issueCreditNote(deps, current, credit, context);
    }

    const cleared = await changeRecord(payments, { pk: paymentId, id: paymentId }, (latest) => {
      if (!latest.documentsPending || !allIssued(latest)) return undefined;
      const { documentsPending: _done, ...rest } = latest;
      return { ...rest, updatedAt: deps.clock.now().toISOString() };
    });
    if (cleared.outcome === 'missing') return undefined;
    if (!cleared.record.documentsPending) return cleared.record;
  }
  return payments.read(paymentId, paymentId);
}

/**
 * A paid payment gets its receipt — unless its money came after it was closed: that paid for nothing, so it is
 * credited in full by a credit note and no sale is recorded (docs/fees.md "Money after a payment was closed").
 */
function receiptDue(payment: PaymentDocument): boolean {
  if (payment.ledger.status !== 'paid' || payment.receipt) return false;
  return !(payment.credits ?? []).some((credit) => credit.kind === 'closedPayment');
}

function allIssued(payment: PaymentDocument): boolean {
  if (receiptDue(payment)) return false;
  if ((payment.credits ?? []).some((credit) => !credit.documentId)) return false;
  return unreservedSurplus(payment) === 0;
}

const creditedCents = (payment: PaymentDocument, kind?: PaymentCredit['kind']) =>
  (payment.credits ?? []).filter((credit) => !kind || credit.kind === kind).reduce((sum, c) => sum + c.grossCents, 0);

/** A double payment's surplus not yet reserved for a credit note (never more than is left to credit). */
function unreservedSurplus(payment: PaymentDocument): number {
  const surplus = surplusCents(payment.ledger) - creditedCents(payment, 'surplus');
  return Math.max(0, Math.min(surplus, payment.ledger.receivedCents - creditedCents(payment)));
}

async function reserveSurplusCredit(deps: Pick<Deps, 'store' | 'clock'>, paymentId: string): Promise<void> {
  await changeRecord(
    deps.store.collection<PaymentDocument>('payments'),
    { pk: paymentId, id: paymentId },
    (current) => {
      const surplus = unreservedSurplus(current);
      if (surplus === 0) return undefined;
      const credit: PaymentCredit = {
        key: `surplus:${current.ledger.receivedCents}`,
        kind: 'surplus',
        grossCents: surplus,
        reason: 'surplus',
      };
      return { ...current, credits: [...(current.credits ?? []), credit], updatedAt: deps.clock.now().toISOString() };
    },
  );
}

interface IssueContext {
  seller: Seller;
  payer: UserDocument | undefined;
  caseNumber: string;
}

async function caseNumberOf(deps: Pick<Deps, 'store'>, payment: PaymentDocument): Promise<string> {
  if (payment.caseNumber) return payment.caseNumber;
  const dispute = await deps.store
    .collection<{ id: string; pk: string; caseNumber?: string }>('disputes')
    .read(payment.disputeId, payment.disputeId);
  return dispute?.caseNumber ?? payment.disputeId;
}

const languageOf = (payer: UserDocument | undefined): RecordLanguage => (payer?.language === 'fi' ? 'fi' : 'en');

function printedBase(payment: PaymentDocument, context: IssueContext, language: RecordLanguage) {
  const { seller, payer } = context;
  const buyer = payment.buyer ?? { name: payer?.fullName ?? payer?.userName ?? '' };
  return {
    language,
    seller: {
      name: seller.name,
      businessId: seller.businessId,
      vatNumber: seller.vatNumber,
      address: seller.address,
      email: seller.email,
    },
    buyer: {
      name: buyer.name,
      ...(buyer.company ? { company: buyer.company } : {}),
      ...(buyer.businessId ? { businessId: buyer.businessId } : {}),
      ...(buyer.vatNumber ? { vatNumber: buyer.vatNumber } : {}),
      ...(buyer.address ? { address: buyer.address } : {}),
    },
    caseNumber: context.caseNumber,
    reverseCharge: payment.reverseCharge === true,
  };
}

/** How the money came: from the reference of the checkout or transfer that paid it. */
function paidVia(payment: PaymentDocument, deps: Pick<Deps, 'config'>): string {
  const first = payment.ledger.paidRefs[0] ?? '';
  if (first.startsWith('bank:')) return 'bank';
  if (first.startsWith('admin:')) return 'administrator';
  return deps.config.payments.kind === 'stripe' ? 'stripe' : 'test';
}

async function issueReceipt(deps: IssueDeps, payment: PaymentDocument, context: IssueContext): Promise<void> {
  const sequence = await numberFor(deps, context.seller.businessId, 'receipt', `receipt:${payment.id}`);
  durableStep(deps, 'receipt.numbered');
  const number = paymentRecordNumber('receipt', sequence);
  const language = languageOf(context.payer);
  const words = recordWording(language);
  const issuedAt = deps.clock.now().toISOString();
  const printed: PrintedRecord = {
    ...printedBase(payment, context, language),
    kind: 'receipt',
    number,
    date: issuedAt,
    line: {
      description: words.purpose[payment.purpose],
      netCents: payment.netCents,
      vatCents: payment.vatCents,
      vatRateBasisPoints: payment.reverseCharge ? 0 : (payment.vatRateBasisPoints ?? FINNISH_GENERAL_VAT_BASIS_POINTS),
    },
    facts: [
      [words.paid, issuedAt.slice(0, 10)],
      [words.method, words.via[paidVia(payment, deps)] ?? paidVia(payment, deps)],
    ],
  };
  const documentId = `${context.seller.businessId.replace(/\D/g, '')}-${number}`;
  await issueRecord(deps, payment, context, {
    id: documentId,
    pk: recordsPartition(payment.payerUserId),
    kind: 'receipt',
    number,
    paymentId: payment.id,
    tenantId: payment.tenantId,
    disputeId: payment.disputeId,
    payerUserId: payment.payerUserId,
    grossCents: payment.netCents + payment.vatCents,
    issuedAt,
    printed,
    blobName: paymentRecordBlobName(documentId),
    fileName: `${words.receipt}_${number}.pdf`,
  });
  await changeRecord(
    deps.store.collection<PaymentDocument>('payments'),
    { pk: payment.id, id: payment.id },
    (current) =>
      current.receipt
        ? undefined
        : { ...current, receipt: { documentId, number }, updatedAt: deps.clock.now().toISOString() },
  );
}

async function issueCreditNote(
  deps: IssueDeps,
  payment: PaymentDocument,
  credit: PaymentCredit,
  context: IssueContext,
): Promise<void> {
  const sequence = await numberFor(deps, context.seller.businessId, 'creditNote', `credit:${payment.id}:${credit.key}`);
  durableStep(deps, 'creditNote.numbered');
  const number = paymentRecordNumber('creditNote', sequence);
  const language = languageOf(context.payer);
  const words = recordWording(language);
  const issuedAt = deps.clock.now().toISOString();
  // A reasoned credit reverses part of the sale, its VAT in the same proportion; a surplus, or money for a closed
  // payment, was never a sale.
  const rate =
    credit.kind === 'surplus' || credit.kind === 'closedPayment' || payment.reverseCharge
      ? 0
      : (payment.vatRateBasisPoints ?? FINNISH_GENERAL_VAT_BASIS_POINTS);
  const { netCents, vatCents } = splitGross(credit.grossCents, rate);
  const printed: PrintedRecord = {
    ...printedBase(payment, context, language),
    kind: 'creditNote',
    number,
    date: issuedAt,
    line: { description: words.purpose[payment.purpose], netCents, vatCents, vatRateBasisPoints: rate },
    facts: [
      ...(payment.receipt ? [[words.refersTo, payment.receipt.number] as [string, string]] : []),
      [words.reason, reasonOf(credit, words)],
    ],
  };
  const documentId = `${context.seller.businessId.replace(/\D/g, '')}-${number}`;
  await issueRecord(deps, payment, context, {
    id: documentId,
    pk: recordsPartition(payment.payerUserId),
    kind: 'creditNote',
    number,
    paymentId: payment.id,
    tenantId: payment.tenantId,
    disputeId: payment.disputeId,
    payerUserId: payment.payerUserId,
    grossCents: credit.grossCents,
    issuedAt,
    printed,
    blobName: paymentRecordBlobName(documentId),
    fileName: `${words.creditNote}_${number}.pdf`,
  });
  await changeRecord(
    deps.store.collection<PaymentDocument>('payments'),
    { pk: payment.id, id: payment.id },
    (current) => {
      const credits = current.credits ?? [];
      const index = credits.findIndex((entry) => entry.key === credit.key);
      if (index < 0 || credits[index]!.documentId) return undefined;
      const next = credits.map((entry, at) => (at === index ? { ...entry, documentId, number } : entry));
      return { ...current, credits: next, updatedAt: deps.clock.now().toISOString() };
    },
  );
}

/** Keeps the record and its PDF, mails it to the payer (once: the mail's id is the record's), and audits it. */
async function issueRecord(
  deps: IssueDeps,
  payment: PaymentDocument,
  context: IssueContext,
  record: PaymentRecordDocument,
): Promise<void> {
  const { record: kept } = await keepPaymentRecord(deps, record);
  durableStep(deps, `${kept.kind}.kept`);
  const words = recordWording(kept.printed.language);
  if (context.payer?.email) {
    const mail =
      kept.kind === 'receipt'
        ? words.receiptMail(kept.number, context.caseNumber)
        : words.creditNoteMail(kept.number, context.caseNumber);
    await sendRecordedMail(deps, {
      id: `payment-record-${kept.id}`,
      message: { to: context.payer.email, subject: mail.subject, text: mail.text },
      attachments: [
        { fileName: kept.fileName, contentType: 'application/pdf', blobName: kept.blobName, container: 'records' },
      ],
      purpose: kept.kind,
      disputeId: payment.disputeId,
      tenantId: payment.tenantId,
    });
  }
  await recordAudit(deps, {
    action: kept.kind === 'receipt' ? 'IssueReceipt' : 'IssueCreditNote',
    entityType: 'Payment',
    entityId: payment.id,
    tenantId: payment.tenantId,
    success: true,
    details: `${kept.number} for ${kept.grossCents} cents, case ${context.caseNumber}`,
  });
}

/** The reason a credit note prints: the fixed wording of an automatic credit in the payer's language, else the administrator's. */
function reasonOf(credit: PaymentCredit, words: ReturnType<typeof recordWording>): string {
  switch (credit.kind) {
    case 'surplus':
      return words.surplusReason;
    case 'tribunalLapse':
      return words.tribunalLapseReason;
    case 'feesOrder':
      return words.feesOrderReason;
    case 'tribunalResize':
      return words.tribunalResizeReason;
    case 'closedPayment':
      return credit.reason === 'caseFinal' ? words.closedCaseFinalReason : words.closedTribunalLapsedReason;
    case 'administrator':
      return credit.reason;
  }
}
