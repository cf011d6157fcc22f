import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiErrorBody, BankStatementImportView, PaymentRecordView } from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Stored } from '../../functions/src/ports/store.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import {
  createPaymentDocument,
  type NewPayment,
  type PaymentDocument,
} from '../../functions/src/services/payments/payment-document.js';
import { sweepPaymentRecords } from '../../functions/src/services/invoicing/sweep-payment-records.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { outboxWithAttachments } from './support/mail-attachments.js';
import { pdfText } from './support/pdf-text.js';
import { readZip } from './support/read-zip.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Receipts, credit notes, invoices and the bank statement import (docs/fees.md "Receipts, credit notes and
 * invoices"), under the example schedule. Payments are written as a due point writes them; the test provider's
 * Pay button and camt.054 statements settle them through the ledger's one path.
 */

/** The step at which the next crash comes; disarmed once it has. */
let crashAt: string | undefined;
const stepProbe = (step: string) => {
  if (step !== crashAt) return;
  crashAt = undefined;
  throw new Error(`Simulated crash after ${step}`);
};
const api = apiClient(() => host);
const { call, json, signedInUser } = api;
let root: SignedInUser;

const host = useTestHost({}, { stepProbe });
beforeAll(async () => {
  root = await signedInUser({ email: uniqueEmail('receipts-root'), roles: ['SuperAdmin'] });
  const set = await host.fetch('/api/superadmin/fee-schedule', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${root.token}` },
    body: readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8'),
  });
  expect(set.status).toBe(200);
});

const COMPANY = {
  name: 'Maija Meikäläinen',
  company: 'Esimerkki Oy',
  businessId: '0737546-2',
  address: 'Testitie 2, 00200 Helsinki',
};

async function openPayment(payer: SignedInUser, overrides: Partial<NewPayment> = {}): Promise<PaymentDocument> {
  return createPaymentDocument(host.deps, {
    tenantId: payer.user.tenantId,
    disputeId: randomUUID(),
    caseNumber: `RAT-2026-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    purpose: 'filingFee',
    payerUserId: payer.user.id,
    netCents: 60000,
    vatCents: 15300,
    vatRateBasisPoints: 2550,
    scheduleRevision: 1,
    ...overrides,
  });
}

const pay = (paymentId: string) => call('POST', `/api/payments/test/${paymentId}/pay`);
const stored = async (id: string): Promise<Stored<PaymentDocument>> =>
  (await host.deps.store.collection<PaymentDocument>('payments').read(id, id))!;
const receiptsOf = async (user: SignedInUser) =>
  json<PaymentRecordView[]>(await call('GET', '/user/receipts', user.token), 200);

/** A downloaded PDF's text as pdftotext reads it (whitespace collapsed). */
async function pdfOf(path: string, token: string): Promise<string> {
  const response = await call('GET', path, token);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const file = join(host.dataDir, `${randomUUID()}.pdf`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const sequenceOf = (number: string) => Number(number.split('-')[1]);

describe('a receipt', () => {
  it('is issued once the payment is paid: numbered, kept, mailed with its PDF, listed for the payer only', async () => {
    const payer = await signedInUser({ email: uniqueEmail('receipt-payer'), fullName: 'Pekka Maksaja' });
    const payment = await openPayment(payer);
    expect(await receiptsOf(payer)).toEqual([]);
    expect(await json(await pay(payment.id), 200)).toMatchObject({ outcome: 'settled' });

    const [receipt, ...rest] = await receiptsOf(payer);
    expect(rest).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'receipt', grossCents: 75300, vatCents: 15300, paymentId: payment.id });
    expect(receipt!.number).toMatch(/^R-\d{6}$/);
    expect(await stored(payment.id)).toMatchObject({ receipt: { number: receipt!.number } });
    expect((await stored(payment.id)).documentsPending).toBeUndefined();

    const text = await pdfOf(`/user/receipts/${receipt!.id}/pdf`, payer.token);
    for (const shown of [
      'Receipt',
      receipt!.number,
      payment.caseNumber!,
      'Ratkaisu Oy',
      '1234567-1',
      'FI12345671',
      'Pekka Maksaja',
      'Filing fee',
      '€600.00',
      '25.5%',
      '€153.00',
      'Total €753.00',
    ]) {
      expect(text).toContain(shown);
    }

    const mails = outboxWithAttachments(host.dataDir).filter((mail) => mail.to === payer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(receipt!.number);
    expect(mails[0]!.attachments.map((file) => file.fileName)).toEqual([`Receipt_${receipt!.number}.pdf`]);
    expect((await pdfText(new Uint8Array(mails[0]!.attachments[0]!.bytes))).text).toContain('Total €753.00');

    // Paying again (a second tab) changes nothing and issues nothing more.
    expect(await json(await pay(payment.id), 200)).toMatchObject({ outcome: 'no_change' });
    expect(await receiptsOf(payer)).toHaveLength(1);

    // Someone else cannot list or download it.
    const stranger = await signedInUser({ email: uniqueEmail('receipt-stranger') });
    expect(await receiptsOf(stranger)).toEqual([]);
    expect((await call('GET', `/user/receipts/${receipt!.id}/pdf`, stranger.token)).status).toBe(404);
    const downloads = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'action', op: '=', value: 'DownloadReceipt' },
        { field: 'entityId', op: '=', value: payment.id },
      ],
    });
    expect(downloads.items).toHaveLength(1);
  });

  it('is in the payer’s copy of their data: listed, and its PDF as issued', async () => {
    const payer = await signedInUser({ email: uniqueEmail('receipt-copy'), fullName: 'Kaija Kopio' });
    const payment = await openPayment(payer);
    expect(await json(await pay(payment.id), 200)).toMatchObject({ outcome: 'settled' });
    const [receipt] = await receiptsOf(payer);
    const issued = Buffer.from(
      await (await call('GET', `/user/receipts/${receipt!.id}/pdf`, payer.token)).arrayBuffer(),
    );

    const started = await json<{ jobId: string }>(await call('POST', '/user/data-export', payer.token), 202);
    expect((await api.finished(started.jobId, payer.token)).status).toBe('Completed');
    const zip = await call('GET', `/user/data-export/${started.jobId}`, payer.token);
    expect(zip.status).toBe(200);
    const entries = await readZip(Buffer.from(await zip.arrayBuffer()));
    const listed = JSON.parse(entries.find((entry) => entry.name === 'payments/receipts.json')!.bytes.toString('utf8'));
    expect(listed).toEqual([
      expect.objectContaining({ kind: 'receipt', number: receipt!.number, grossCents: 75300, vatCents: 15300 }),
    ]);
    const pdf = entries.find((entry) => entry.name === `payments/Receipt_${receipt!.number}.pdf`);
    expect(pdf?.bytes.equals(issued)).toBe(true);
  });

  it('is in the payer’s language, and with a reverse charge says so instead of VAT', async () => {
    const payer = await signedInUser({ email: uniqueEmail('kuitti'), language: 'fi' });
    const payment = await openPayment(payer, {
      vatCents: 0,
      reverseCharge: true,
      buyer: {
        name: 'Sven Svensson',
        company: 'Exempel AB',
        businessId: '556677-8899',
        vatNumber: 'SE556677889901',
        country: 'SE',
      },
    });
    await json(await pay(payment.id), 200);
    const [receipt] = await receiptsOf(payer);
    const text = await pdfOf(`/user/receipts/${receipt!.id}/pdf`, payer.token);
    for (const shown of [
      'Kuitti',
      'Vireillepanomaksu',
      'Exempel AB',
      'SE556677889901',
      'Yhteensä 600,00 €',
      'Käännetty verovelvollisuus',
    ]) {
      expect(text).toContain(shown);
    }
    const mail = outboxWithAttachments(host.dataDir).find((entry) => entry.to === payer.user.email);
    expect(mail?.attachments[0]?.fileName).toBe(`Kuitti_${receipt!.number}.pdf`);
  });

  it('numbers racing settlements consecutively, without gaps', async () => {
    const payer = await signedInUser({ email: uniqueEmail('racing') });
    const payments = await Promise.all(Array.from({ length: 6 }, () => openPayment(payer)));
    const answers = await Promise.all(payments.map((payment) => pay(payment.id)));
    expect(answers.map((answer) => answer.status)).toEqual(payments.map(() => 200));
    const numbers = (await receiptsOf(payer)).map((receipt) => sequenceOf(receipt.number)).sort((a, b) => a - b);
    expect(numbers).toHaveLength(6);
    expect(numbers.map((number) => number - numbers[0]!)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('is finished by the provider’s retry after a crash, with the number it had taken', async () => {
    const payer = await signedInUser({ email: uniqueEmail('crash') });
    const payment = await openPayment(payer);
    crashAt = 'receipt.numbered';
    expect((await pay(payment.id)).status).toBe(500);
    expect(await stored(payment.id)).toMatchObject({ ledger: { status: 'paid' }, documentsPending: true });
    expect(await receiptsOf(payer)).toEqual([]);
    // Another payment takes the next number meanwhile; the crashed one keeps its own.
    const other = await openPayment(payer);
    await json(await pay(other.id), 200);
    expect(await json(await pay(payment.id), 200)).toMatchObject({ outcome: 'no_change' });
    const receipts = await receiptsOf(payer);
    const numberOf = (id: string) => sequenceOf(receipts.find((receipt) => receipt.paymentId === id)!.number);
    expect(numberOf(other.id)).toBe(numberOf(payment.id) + 1);
    expect((await stored(payment.id)).documentsPending).toBeUndefined();
  });

  it('is finished by the sweep when no retry comes, and mailed once', async () => {
    const payer = await signedInUser({ email: uniqueEmail('swept') });
    const payment = await openPayment(payer);
    crashAt = 'receipt.kept';
    expect((await pay(payment.id)).status).toBe(500);
    expect((await stored(payment.id)).documentsPending).toBe(true);
    const swept = await sweepPaymentRecords(host.deps);
    expect(swept).toMatchObject({ failed: 0 });
    expect(swept.finished).toBeGreaterThanOrEqual(1);
    expect(await stored(payment.id)).toMatchObject({ receipt: { number: expect.stringMatching(/^R-/) } });
    expect((await stored(payment.id)).documentsPending).toBeUndefined();
    expect(await receiptsOf(payer)).toHaveLength(1);
    expect(outboxWithAttachments(host.dataDir).filter((mail) => mail.to === payer.user.email)).toHaveLength(1);
    // A second sweep finds nothing left.
    expect(await sweepPaymentRecords(host.deps)).toEqual({ finished: 0, failed: 0 });
  });
});

describe('a credit note', () => {
  it('credits part of a paid payment with a reason, referring to its receipt, and never more than was paid', async () => {
    const payer = await signedInUser({ email: uniqueEmail('credited') });
    const payment = await openPayment(payer);
    const unpaid = await call('POST', `/api/superadmin/payments/${payment.id}/credit-note`, root.token, {
      amountCents: 100,
      reason: 'Goodwill for a delay',
    });
    expect((await json<ApiErrorBody>(unpaid, 409)).code).toBe('payment_not_paid');
    await json(await pay(payment.id), 200);

    const answer = await json<{ credit: { number: string; grossCents: number } }>(
      await call('POST', `/api/superadmin/payments/${payment.id}/credit-note`, root.token, {
        amountCents: 25100,
        reason: 'The tribunal’s fees order fixed less than the advance',
      }),
      200,
    );
    expect(answer.credit).toMatchObject({ grossCents: 25100, number: expect.stringMatching(/^H-\d{6}$/) });
    const records = await receiptsOf(payer);
    const note = records.find((record) => record.kind === 'creditNote')!;
    const receipt = records.find((record) => record.kind === 'receipt')!;
    expect(note).toMatchObject({ number: answer.credit.number, grossCents: 25100, vatCents: 5100 });
    const text = await pdfOf(`/user/receipts/${note.id}/pdf`, payer.token);
    for (const shown of [
      'Credit note',
      note.number,
      receipt.number,
      'fixed less than the advance',
      '-€200.00',
      '-€51.00',
      'Total credited -€251.00',
    ]) {
      expect(text).toContain(shown);
    }

    const tooMuch = await call('POST', `/api/superadmin/payments/${payment.id}/credit-note`, root.token, {
      amountCents: 50201,
      reason: 'More than is left',
    });
    expect((await json<ApiErrorBody>(tooMuch, 409)).code).toBe('credit_exceeds_payment');
    const user = await call('POST', `/api/superadmin/payments/${payment.id}/credit-note`, payer.token, {
      amountCents: 1,
      reason: 'Crediting myself',
    });
    expect(user.status).toBe(403);
    const bad = await call('POST', `/api/superadmin/payments/${payment.id}/credit-note`, root.token, {
      amountCents: 1.5,
      reason: 'x',
    });
    expect((await json<ApiErrorBody>(bad, 400)).code).toBe('validation_failed');
  });
});

describe('an invoice and the bank statement', () => {
  async function invoiced(payer: SignedInUser) {
    const payment = await openPayment(payer, { buyer: COMPANY });
    const text = await pdfOf(`/api/payments/${payment.id}/invoice`, payer.token);
    return { payment: await stored(payment.id), text };
  }

  function camt(entries: { ref: string; amount: string; reference?: string }[]): string {
    const transactions = entries
      .map(
        (entry) => `<TxDtls><Refs><AcctSvcrRef>${entry.ref}</AcctSvcrRef></Refs>
          <AmtDtls><TxAmt><Amt Ccy="EUR">${entry.amount}</Amt></TxAmt></AmtDtls>
          ${entry.reference ? `<RmtInf><Strd><CdtrRefInf><Ref>${entry.reference}</Ref></CdtrRefInf></Strd></RmtInf>` : ''}
        </TxDtls>`,
      )
      .join('');
    return `<?xml version="1.0" encoding="UTF-8"?>
      <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><Ntfctn>
        <Ntry><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt>
          <AcctSvcrRef>E-${randomUUID()}</AcctSvcrRef><NtryDtls>${transactions}</NtryDtls></Ntry>
      </Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
  }

  const importStatement = (xml: string, token = root.token) =>
    host.fetch('/api/superadmin/payments/bank-statement', {
      method: 'POST',
      headers: { 'content-type': 'application/xml', authorization: `Bearer ${token}` },
      body: xml,
    });

  it('prints the invoice with its number, due date, both business IDs, VAT, the IBAN and an RF reference', async () => {
    const payer = await signedInUser({ email: uniqueEmail('invoiced') });
    const { payment, text } = await invoiced(payer);
    expect(payment.invoice).toMatchObject({
      number: expect.stringMatching(/^L-\d{6}$/),
      rf: expect.stringMatching(/^RF\d\d /),
    });
    for (const shown of [
      'Invoice',
      payment.invoice!.number,
      'Esimerkki Oy',
      '0737546-2',
      '1234567-1',
      'FI12345671',
      '€600.00',
      '25.5%',
      '€153.00',
      'FI21 1234 5600 0007 85',
      'NDEAFIHH',
      payment.invoice!.rf,
      payment.invoice!.dueDate,
      '14 days net',
    ]) {
      expect(text).toContain(shown);
    }
    // Asked again, the same invoice.
    await pdfOf(`/api/payments/${payment.id}/invoice`, payer.token);
    expect((await stored(payment.id)).invoice).toEqual(payment.invoice);
    // Not for a stranger; an administrator may; not for a payer without a company.
    const stranger = await signedInUser({ email: uniqueEmail('invoice-stranger') });
    expect((await call('GET', `/api/payments/${payment.id}/invoice`, stranger.token)).status).toBe(404);
    expect(await pdfOf(`/api/payments/${payment.id}/invoice`, root.token)).toContain(payment.invoice!.number);
    const person = await openPayment(payer);
    const refused = await call('GET', `/api/payments/${person.id}/invoice`, payer.token);
    expect((await json<ApiErrorBody>(refused, 409)).code).toBe('invoice_needs_company');
  });

  it('imports a camt.054 statement: matched, partial, overpaid and unknown, and a second import changes nothing', async () => {
    const payer = await signedInUser({ email: uniqueEmail('statement') });
    const exact = (await invoiced(payer)).payment;
    const partly = (await invoiced(payer)).payment;
    const over = (await invoiced(payer)).payment;
    const xml = camt([
      { ref: `B-${randomUUID()}`, amount: '753.00', reference: exact.invoice!.rf },
      { ref: `B-${randomUUID()}`, amount: '300.00', reference: partly.invoice!.reference },
      { ref: `B-${randomUUID()}`, amount: '800.00', reference: over.invoice!.rf.replace(/\s/g, '') },
      { ref: `B-${randomUUID()}`, amount: '10.00', reference: 'RF18 5390 0754 7034' },
      { ref: `B-${randomUUID()}`, amount: '20.00' },
    ]);
    const answer = await json<BankStatementImportView>(await importStatement(xml), 200);
    expect(answer.matched.map((entry) => entry.paymentId)).toEqual([exact.id]);
    expect(answer.partial).toMatchObject([{ paymentId: partly.id, differenceCents: 45300 }]);
    expect(answer.overpaid).toMatchObject([{ paymentId: over.id, differenceCents: 4700 }]);
    expect(answer.unknown.map((entry) => entry.reason)).toEqual(['unknown_reference', 'no_reference']);

    expect((await stored(exact.id)).ledger.status).toBe('paid');
    expect((await stored(partly.id)).ledger).toMatchObject({ status: 'open', receivedCents: 30000 });
    const records = await receiptsOf(payer);
    expect(
      records
        .filter((record) => record.kind === 'receipt')
        .map((record) => record.paymentId)
        .sort(),
    ).toEqual([exact.id, over.id].sort());
    // The overpaid 47,00 € is credited at once, without VAT: it paid for nothing.
    const surplus = records.find((record) => record.kind === 'creditNote')!;
    expect(surplus).toMatchObject({ paymentId: over.id, grossCents: 4700, vatCents: 0 });
    const receiptText = await pdfOf(
      `/user/receipts/${records.find((r) => r.paymentId === exact.id)!.id}/pdf`,
      payer.token,
    );
    expect(receiptText).toContain('bank transfer');

    const again = await json<BankStatementImportView>(await importStatement(xml), 200);
    expect(again.alreadyImported).toHaveLength(3);
    expect([...again.matched, ...again.partial, ...again.overpaid]).toEqual([]);
    expect(await receiptsOf(payer)).toHaveLength(records.length);

    // The rest arrives in a later statement: now paid.
    const rest = await json<BankStatementImportView>(
      await importStatement(camt([{ ref: `B-${randomUUID()}`, amount: '453.00', reference: partly.invoice!.rf }])),
      200,
    );
    expect(rest.matched.map((entry) => entry.paymentId)).toEqual([partly.id]);
    expect((await stored(partly.id)).receipt).toBeDefined();

    const refused = await importStatement('<Document><nope/></Document>');
    expect((await json<ApiErrorBody>(refused, 400)).code).toBe('validation_failed');
    expect((await importStatement(xml, payer.token)).status).toBe(403);
  });

  it('lets a super-administrator mark a payment paid with a reason, once', async () => {
    const payer = await signedInUser({ email: uniqueEmail('marked') });
    const payment = await openPayment(payer, { buyer: COMPANY });
    const marked = await json<{ status: string; receipt: { number: string } }>(
      await call('POST', `/api/superadmin/payments/${payment.id}/mark-paid`, root.token, {
        reason: 'Paid to the account without a reference, 27.11.',
      }),
      200,
    );
    expect(marked).toMatchObject({ status: 'paid', receipt: { number: expect.stringMatching(/^R-/) } });
    const again = await call('POST', `/api/superadmin/payments/${payment.id}/mark-paid`, root.token, {
      reason: 'Again, by mistake',
    });
    expect((await json<ApiErrorBody>(again, 409)).code).toBe('payment_already_paid');
    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'action', op: '=', value: 'MarkPaymentPaid' },
        { field: 'entityId', op: '=', value: payment.id },
      ],
    });
    expect(audit.items).toHaveLength(1);
  });
});
