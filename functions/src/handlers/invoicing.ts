import { refusal } from '@ratkaisu/core';
import { Readable } from 'node:stream';
import type { HttpResponseInit } from '@azure/functions';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { fileDownload, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { ValidationError } from '../errors.js';
import { creditNoteSchema, creditPayment } from '../services/invoicing/credit-payment.js';
import { importBankStatement } from '../services/invoicing/import-bank-statement.js';
import { issueInvoice } from '../services/invoicing/issue-invoice.js';
import { markPaidSchema, markPaymentPaid } from '../services/invoicing/mark-payment-paid.js';
import { downloadPaymentRecord, listPaymentRecords } from '../services/invoicing/payment-records-of-payer.js';
import { finishPaidStepsNow } from '../services/paid-steps/finish-paid-steps.js';

/* Receipts, credit notes, invoices and bank statements (docs/fees.md "Receipts, credit notes and invoices"). */

const pdfDownload = ({ pdf, fileName }: { pdf: Buffer; fileName: string }): HttpResponseInit =>
  fileDownload({ stream: Readable.from(pdf), size: pdf.length, fileName, contentType: 'application/pdf' });

/** GET /user/receipts — the caller's receipts and credit notes. */
export async function getReceipts({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listPaymentRecords(deps, requireCaller(caller)));
}

/** GET /user/receipts/{id}/pdf — one of the caller's own, as kept. */
export async function getReceiptPdf({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return pdfDownload(await downloadPaymentRecord(deps, requireCaller(caller), routeParam(params, 'id')));
}

/** GET /api/payments/{id}/invoice — a company payer's invoice (the payer's or its tenant's administrator's). */
export async function getPaymentInvoice({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return pdfDownload(await issueInvoice(deps, requireCaller(caller), routeParam(params, 'id')));
}

/** POST /api/superadmin/payments/{id}/credit-note {amountCents, reason} */
export async function postCreditNote({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, creditNoteSchema);
  return ok(await creditPayment(deps, requireCaller(caller), routeParam(params, 'id'), body, clientInfo(request)));
}

/** POST /api/superadmin/payments/{id}/mark-paid {reason} */
export async function postMarkPaymentPaid({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, markPaidSchema);
  const payment = await markPaymentPaid(
    deps,
    requireCaller(caller),
    routeParam(params, 'id'),
    body,
    clientInfo(request),
  );
  // The step the money was for (the claim sent, a decision started) happens now, not at the next sweep.
  await finishPaidStepsNow(deps, payment.id);
  return ok({ paymentId: payment.id, status: payment.ledger.status, receipt: payment.receipt ?? null });
}

/** POST /api/superadmin/payments/bank-statement — the camt.054 XML as the body (application/xml or text/xml). */
export async function postBankStatement({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType && !/^(application|text)\/xml\b/i.test(contentType)) {
    throw new ValidationError(refusal('fees.statementNotXml'));
  }
  const xml = await request.text();
  const imported = await importBankStatement(deps, requireCaller(caller), xml, clientInfo(request));
  // Each payment the statement paid does its step now (a no-op for one with no step left), not at the next sweep.
  for (const entry of [...imported.matched, ...imported.overpaid]) {
    if (entry.paymentId) await finishPaidStepsNow(deps, entry.paymentId);
  }
  return ok(imported);
}
