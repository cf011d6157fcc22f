import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type {
  AdminPaymentsOverview,
  BankStatementImportView,
  CasePaymentView,
  DisputeView,
  PaymentRecordView,
} from '@ratkaisu/core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPaymentProvider } from '../../functions/src/adapters/payments/test-payments.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import { duePaymentFor } from '../../functions/src/services/payments/due-payment.js';
import type { PaymentDocument } from '../../functions/src/services/payments/payment-document.js';
import { timers } from '../../functions/src/timers.js';
import { startFakeStripe, type FakeStripe } from '../contract/support/fake-stripe.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient, FINNISH_CASE, uniqueEmail } from './support/api-client.js';
import { writeFinishedCase } from './support/finished-case.js';
import { outboxWithAttachments } from './support/mail-attachments.js';
import { pdfText } from './support/pdf-text.js';
import type { SignedInUser } from './support/seed-user.js';
import type { TestHost } from './support/start-host.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Money that arrives after its payment was closed (docs/fees.md "Money after a payment was closed"): a final
 * case's payment paid by card (the test provider's notification, and Stripe's `checkout.session.completed` from
 * the fake Stripe), a lapsed tribunal request's share paid by a camt.054 reference payment. Each is credited in
 * full by a credit note mailed to the payer in the payer's language, exactly once however often it is announced;
 * no receipt, no revenue, the case does not move; listed for administrators and audited.
 */

const EXAMPLE = readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8');
const DAY = 86_400_000;

const sweep = (host: TestHost, name: string) =>
  timers.find((timer) => timer.name === name)!.handler(host.deps, new AbortController().signal);

async function setSchedule(host: TestHost, token: string) {
  const set = await host.fetch('/api/superadmin/fee-schedule', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: EXAMPLE,
  });
  expect(set.status).toBe(200);
}

function postNotification(host: TestHost, provider: 'test' | 'stripe', body: Buffer, signature: string) {
  return host.fetch(`/api/payments/${provider}/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: new Uint8Array(body),
  });
}

const stored = async (host: TestHost, id: string) =>
  (await host.deps.store.collection<PaymentDocument>('payments').read(id, id))!;

const auditOf = async (host: TestHost, action: string, entityId: string) =>
  (
    await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'action', op: '=', value: action }], limit: 200 })
  ).items.filter((entry) => entry.entityId === entityId);

/** The credit notes mailed to `email`, with their PDFs' text. */
async function creditNoteMails(host: TestHost, email: string) {
  const mails = outboxWithAttachments(host.dataDir).filter((mail) => mail.to === email);
  return Promise.all(
    mails
      .filter((mail) => mail.attachments.some((file) => /^(Credit note|Hyvityslasku)_H-/.test(file.fileName)))
      .map(async (mail) => ({
        subject: mail.subject,
        fileName: mail.attachments[0]!.fileName,
        text: (await pdfText(new Uint8Array(mail.attachments[0]!.bytes))).text.replace(/\s+/g, ' '),
      })),
  );
}

/** A final case with a payment opened while it was open, then closed by the sweep (its checkout expired). */
async function closedFinalCasePayment(host: TestHost, clock: MovableClock, payer: SignedInUser) {
  const finished = await writeFinishedCase(host, clock, {
    tenantId: payer.user.tenantId,
    claimantEmail: payer.user.email,
    respondentEmail: uniqueEmail('closed-respondent'),
  });
  const payment = (await duePaymentFor(host.deps, {
    tenantId: payer.user.tenantId,
    disputeId: finished.dispute.id,
    caseName: finished.dispute.name,
    purpose: 'aiDecisionFee',
    payerSide: 'claimant',
    payerUserId: payer.user.id,
    amountInDisputeCents: 3_000_000,
    onPaid: ['startDecision'],
  }))!;
  await sweep(host, 'closeFinalCasePayments');
  expect(await stored(host, payment.id)).toMatchObject({ closed: { reason: 'caseFinal' } });
  return { finished, payment };
}

describe('on the test provider', () => {
  const clock = new MovableClock();
  const host = useTestHost({}, { clock });
  const api = apiClient(() => host, clock);
  const { call, json } = api;
  let root: SignedInUser;

  beforeAll(async () => {
    root = await api.signedInUser({ email: uniqueEmail('closed-root'), roles: ['SuperAdmin'] });
    await setSchedule(host, root.token);
  });

  it('credits a card payment of a final case’s closed payment in full, once, in the payer’s language', async () => {
    const payer = await api.signedInUser({ email: uniqueEmail('closed-payer'), fullName: 'Paula Maksaja' });
    await json(await call('POST', '/user/update-language', payer.token, { language: 'fi' }), 200);
    const { finished, payment } = await closedFinalCasePayment(host, clock, payer);
    const disputes = host.deps.store.collection<DisputeDocument>('disputes');
    const caseBefore = (await disputes.read(finished.dispute.id, finished.dispute.id))!;
    // The fixture's own finished job only: no decision is started by the fee.
    const jobsOf = async (disputeId: string) =>
      (
        await host.deps.store
          .collection<{ id: string; pk: string; disputeId: string }>('jobs')
          .query({ where: [{ field: 'disputeId', op: '=', value: disputeId }], limit: 10 })
      ).items.map((job) => job.id);
    const jobsBefore = await jobsOf(finished.dispute.id);
    const revenueBefore = (
      await json<AdminPaymentsOverview>(await call('GET', '/api/superadmin/payments', root.token), 200)
    ).monthly;

    // The payer had the page open and paid as it closed: the provider announces the money, twice, and once more
    // under another event id for the same checkout.
    const provider = host.deps.payments as TestPaymentProvider;
    const money = provider.signNotification({
      eventId: `evt_${randomUUID()}`,
      kind: 'paid',
      paymentId: payment.id,
      amountCents: payment.ledger.dueCents,
      createdAtMs: clock.now().getTime(),
    });
    expect(await json(await postNotification(host, 'test', money.body, money.signature), 200)).toMatchObject({
      outcome: 'settled',
    });
    expect(await json(await postNotification(host, 'test', money.body, money.signature), 200)).toMatchObject({
      outcome: 'replay',
    });
    const again = provider.signNotification({
      eventId: `evt_${randomUUID()}`,
      kind: 'paid',
      paymentId: payment.id,
      amountCents: payment.ledger.dueCents,
      createdAtMs: clock.now().getTime(),
    });
    expect(await json(await postNotification(host, 'test', again.body, again.signature), 200)).toMatchObject({
      outcome: 'no_change',
    });
    await sweep(host, 'sweepPaymentRecords');

    // One credit note for all of it, no receipt, nothing left to issue, no step handed on.
    const after = await stored(host, payment.id);
    expect(after.credits).toEqual([
      expect.objectContaining({
        kind: 'closedPayment',
        grossCents: payment.ledger.dueCents,
        number: expect.stringMatching(/^H-\d{6}$/),
      }),
    ]);
    expect(after.receipt).toBeUndefined();
    expect(after.documentsPending).toBeUndefined();
    expect(after.stepsLeft).toBeUndefined();
    const records = await json<PaymentRecordView[]>(await call('GET', '/user/receipts', payer.token), 200);
    expect(records).toEqual([
      expect.objectContaining({ kind: 'creditNote', grossCents: payment.ledger.dueCents, paymentId: payment.id }),
    ]);

    // Mailed once, in Finnish, with the credit note attached: no VAT, as nothing was sold.
    const mails = await creditNoteMails(host, payer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Hyvityslasku');
    expect(mails[0]!.fileName).toBe(`Hyvityslasku_${after.credits![0]!.number}.pdf`);
    expect(mails[0]!.text).toContain('Maksettu asian ratkettua lopullisesti');
    expect(mails[0]!.text).toContain('0 %');

    // Audited once; the case did not move.
    expect(await auditOf(host, 'CreditClosedPayment', payment.id)).toHaveLength(1);
    expect(await auditOf(host, 'IssueCreditNote', payment.id)).toHaveLength(1);
    expect((await disputes.read(finished.dispute.id, finished.dispute.id))!._etag).toBe(caseBefore._etag);
    expect(await jobsOf(finished.dispute.id)).toEqual(jobsBefore);

    // Listed for administrators as paid after it was closed and credited, and not counted as revenue.
    const overview = await json<AdminPaymentsOverview>(await call('GET', '/api/superadmin/payments', root.token), 200);
    expect(overview.payments.find((entry) => entry.id === payment.id)).toMatchObject({
      status: 'paid',
      closedReason: 'caseFinal',
      paidAfterClose: true,
      creditedCents: payment.ledger.dueCents,
    });
    expect(overview.monthly).toEqual(revenueBefore);
  });

  it('credits a camt.054 reference payment for a lapsed tribunal request’s share in full, once', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
    await json(await call('POST', `/api/dispute/${c.dispute.id}/tribunal/request`, c.claimant.token, { size: 1 }), 200);
    const fees = (await json<DisputeView>(await call('GET', `/api/dispute/${c.dispute.id}`, c.claimant.token), 200))
      .payments as CasePaymentView[];
    const share = fees.find((fee) => fee.purpose === 'tribunalAdvanceShare' && fee.payerSide === 'claimant')!;
    // The claimant (a company) asks for an invoice, then lets the pay-by date pass: the request lapses.
    expect((await call('GET', `/api/payments/${share.id}/invoice`, c.claimant.token)).status).toBe(200);
    const invoice = (await stored(host, share.id)).invoice!;
    clock.advance(14 * DAY + 60_000);
    await sweep(host, 'lapseTribunalRequests');
    expect(await stored(host, share.id)).toMatchObject({ closed: { reason: 'tribunalLapsed' } });

    // Its money arrives by the bank afterwards; the statement is imported twice.
    const rootToken = (await api.signIn(root.user.email, 'user password 1')).token;
    const statement = camt054(`B-${randomUUID()}`, (share.amountCents / 100).toFixed(2), invoice.rf);
    const importStatement = async () =>
      json<BankStatementImportView>(
        await host.fetch('/api/superadmin/payments/bank-statement', {
          method: 'POST',
          headers: { 'content-type': 'application/xml', authorization: `Bearer ${rootToken}` },
          body: statement,
        }),
        200,
      );
    const first = await importStatement();
    expect(first.credited).toEqual([expect.objectContaining({ paymentId: share.id, amountCents: share.amountCents })]);
    expect(first.matched).toEqual([]);
    expect((await importStatement()).alreadyImported).toHaveLength(1);

    const after = await stored(host, share.id);
    expect(after.credits).toEqual([
      expect.objectContaining({ kind: 'closedPayment', grossCents: share.amountCents, reason: 'tribunalLapsed' }),
    ]);
    expect(after.receipt).toBeUndefined();
    const mails = await creditNoteMails(host, c.claimant.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Paid after the request for a tribunal had lapsed');
    expect(await auditOf(host, 'CreditClosedPayment', share.id)).toHaveLength(1);
    // The case stays as the lapse left it: no tribunal.
    const claimantToken = (await api.signIn(c.claimant.user.email, 'user password 1')).token;
    const view = await json<DisputeView>(await call('GET', `/api/dispute/${c.dispute.id}`, claimantToken), 200);
    expect(view.tribunal).toBeUndefined();
  });
});

/** A camt.054 statement with one booked incoming reference payment. */
function camt054(bankRef: string, amount: string, reference: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
    <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><Ntfctn>
      <Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt>
        <AcctSvcrRef>E-${randomUUID()}</AcctSvcrRef><NtryDtls><TxDtls><Refs><AcctSvcrRef>${bankRef}</AcctSvcrRef></Refs>
        <AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>
        <RmtInf><Strd><CdtrRefInf><Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>
    </Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
}

describe('on Stripe (the fake Stripe)', () => {
  const SECRET_KEY = 'sk_test_closed';
  const WEBHOOK_SECRET = 'whsec_closed';
  const clock = new MovableClock();
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe(SECRET_KEY);
  });
  afterAll(async () => {
    await fake?.close();
  });
  const host = useTestHost({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, () => ({
    clock,
    stripeApi: { host: fake.host, port: fake.port, protocol: 'http' },
  }));
  const api = apiClient(() => host, clock);
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    const root = await api.signedInUser({ email: uniqueEmail('closed-stripe-root'), roles: ['SuperAdmin'] });
    await setSchedule(host, root.token);
  });

  it('credits a Checkout Session completed after its case became final, once, though Stripe sends it twice', async () => {
    const payer = await api.signedInUser({ email: uniqueEmail('closed-stripe-payer') });
    const { payment } = await closedFinalCasePayment(host, clock, payer);
    // The session was expired at Stripe by the sweep; a payment completing at that moment still arrives.
    expect(
      fake.requests.some((request) => request.path === `/v1/checkout/sessions/${payment.providerRef}/expire`),
    ).toBe(true);
    const payload = JSON.stringify({
      id: `evt_${randomUUID().slice(0, 8)}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type: 'checkout.session.completed',
      data: {
        object: {
          object: 'checkout.session',
          id: payment.providerRef,
          payment_status: 'paid',
          amount_total: payment.ledger.dueCents,
          client_reference_id: payment.id,
          metadata: { paymentId: payment.id },
        },
      },
    });
    const signature = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET });
    const outcomes = await Promise.all(
      [0, 1].map(async () => {
        const response = await postNotification(host, 'stripe', Buffer.from(payload), signature);
        return ((await response.json()) as { outcome: string }).outcome;
      }),
    );
    expect(outcomes.sort()).toEqual(['replay', 'settled']);
    await sweep(host, 'sweepPaymentRecords');

    const after = await stored(host, payment.id);
    expect(after.credits).toEqual([
      expect.objectContaining({ kind: 'closedPayment', grossCents: payment.ledger.dueCents, reason: 'caseFinal' }),
    ]);
    expect(after.receipt).toBeUndefined();
    expect(after.stepsLeft).toBeUndefined();
    const mails = await creditNoteMails(host, payer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Paid after the case had become final');
    expect(await auditOf(host, 'CreditClosedPayment', payment.id)).toHaveLength(1);
  });
});
