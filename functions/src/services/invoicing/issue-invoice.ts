import {
  FINNISH_GENERAL_VAT_BASIS_POINTS,
  invoiceDueDate,
  invoiceReferences,
  paymentRecordNumber,
  refusal,
} from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { DomainError } from '../../errors.js';
import { changeRecord } from '../../records/change-record.js';
import type { UserDocument } from '../../records/user-document.js';
import { recordAudit } from '../audit/record-audit.js';
import { effectiveFeeSchedule } from '../fees/effective-fee-schedule.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { numberFor } from './number-series.js';
import { readPaymentFor } from './payment-access.js';
import { recordWording } from './payment-record-wording.js';
import { renderPaymentRecord } from './render-payment-record.js';

export class InvoiceNeedsCompanyError extends DomainError {
  constructor() {
    super('invoice_needs_company', 409, refusal('fees.invoiceNeedsCompany'));
  }
}

export class InvoicingNotConfiguredError extends DomainError {
  constructor() {
    super('invoicing_not_configured', 409, refusal('fees.invoicingNotConfigured'));
  }
}

/**
 * `GET /api/payments/{id}/invoice`: the invoice for a company's payment, as a PDF (the payer's, or an
 * administrator's of its tenant). The first request numbers it in the seller's invoice series and fixes its
 * date, due date and reference on the payment; later ones print the same invoice. Its RF creditor reference
 * is what the bank statement import matches the money by (docs/fees.md "Invoices").
 */
export async function issueInvoice(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  caller: Caller,
  paymentId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  let payment = await readPaymentFor(deps, caller, paymentId);
  if (!payment.buyer?.company || !payment.buyer.businessId) throw new InvoiceNeedsCompanyError();
  const schedule = (await effectiveFeeSchedule(deps, payment.tenantId)).schedule;
  const seller = schedule?.seller;
  if (!seller?.iban || !schedule) throw new InvoicingNotConfiguredError();

  if (!payment.invoice) {
    const sequence = await numberFor(deps, seller.businessId, 'invoice', `invoice:${payment.id}`);
    const references = invoiceReferences(sequence);
    const issuedAt = deps.clock.now();
    const invoice = {
      documentId: `${seller.businessId.replace(/\D/g, '')}-${paymentRecordNumber('invoice', sequence)}`,
      number: paymentRecordNumber('invoice', sequence),
      reference: references.finnish,
      rf: references.rf,
      issuedAt: issuedAt.toISOString(),
      dueDate: invoiceDueDate(issuedAt, schedule.paymentPeriodDays),
    };
    const written = await changeRecord(
      deps.store.collection<PaymentDocument>('payments'),
      { pk: payment.id, id: payment.id },
      (current) => (current.invoice ? undefined : { ...current, invoice, updatedAt: issuedAt.toISOString() }),
    );
    if (written.outcome === 'missing') throw new Error('The payment went away while its invoice was issued.');
    if (written.outcome === 'written') {
      await recordAudit(deps, {
        action: 'IssueInvoice',
        entityType: 'Payment',
        entityId: payment.id,
        userId: caller.userId,
        tenantId: payment.tenantId,
        success: true,
        details: `${invoice.number} (${invoice.rf}) for ${payment.ledger.dueCents} cents, due ${invoice.dueDate}`,
      });
    }
    payment = written.record;
  }
  const invoice = payment.invoice!;
  const payer = await deps.store.collection<UserDocument>('users').read(payment.payerUserId, payment.payerUserId);
  const language = payer?.language === 'fi' ? 'fi' : 'en';
  const words = recordWording(language);
  const dispute = await deps.store
    .collection<{ id: string; pk: string; caseNumber?: string }>('disputes')
    .read(payment.disputeId, payment.disputeId);
  const buyer = payment.buyer!;
  const pdf = await renderPaymentRecord({
    kind: 'invoice',
    language,
    number: invoice.number,
    date: invoice.issuedAt,
    seller,
    buyer: {
      name: buyer.name,
      company: buyer.company!,
      businessId: buyer.businessId!,
      ...(buyer.vatNumber ? { vatNumber: buyer.vatNumber } : {}),
      ...(buyer.address ? { address: buyer.address } : {}),
    },
    caseNumber: payment.caseNumber ?? dispute?.caseNumber ?? payment.disputeId,
    line: {
      description: words.purpose[payment.purpose],
      netCents: payment.netCents,
      vatCents: payment.vatCents,
      vatRateBasisPoints: payment.reverseCharge ? 0 : (payment.vatRateBasisPoints ?? FINNISH_GENERAL_VAT_BASIS_POINTS),
    },
    reverseCharge: payment.reverseCharge === true,
    facts: [],
    payment: {
      iban: seller.iban,
      ...(seller.bic ? { bic: seller.bic } : {}),
      rf: invoice.rf,
      finnish: invoice.reference,
      dueDate: invoice.dueDate,
      days: schedule.paymentPeriodDays,
    },
  });
  return { pdf, fileName: `${words.invoice}_${invoice.number}.pdf` };
}
