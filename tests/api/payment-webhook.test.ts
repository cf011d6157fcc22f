import { randomUUID } from 'node:crypto';
import { openLedger, type ApiErrorBody, type TestCheckoutView } from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPaymentProvider } from '../../functions/src/adapters/payments/test-payments.js';
import type { Stored } from '../../functions/src/ports/store.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { PaymentDocument } from '../../functions/src/services/payments/payment-document.js';
import { json } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The payment provider's notifications (docs/fees.md "Settling a payment"), on the embedded default's test
 * provider, whose notifications are signed as Stripe's are: a valid one settles its payment, a replay or a
 * late expiry changes nothing, a second checkout's money is a double payment, and a forged or stale one is
 * refused with 400 and audited. The payments are written into the store as a due point would write them.
 */

let provider: TestPaymentProvider;

const host = useTestHost();
beforeAll(async () => {
  provider = host.deps.payments as TestPaymentProvider;
});

async function openPayment(dueCents = 75300): Promise<PaymentDocument> {
  const id = randomUUID();
  const now = new Date().toISOString();
  return host.deps.store.collection<PaymentDocument>('payments').create({
    id,
    pk: id,
    tenantId: 'default',
    disputeId: randomUUID(),
    purpose: 'filingFee',
    payerUserId: randomUUID(),
    netCents: 60000,
    vatCents: 15300,
    scheduleRevision: 1,
    ledger: openLedger(dueCents),
    createdAt: now,
    updatedAt: now,
  });
}

function notify(notification: { body: Buffer; signature: string }, path = '/api/payments/test/webhook') {
  return host.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': notification.signature },
    body: new Uint8Array(notification.body),
  });
}

const paid = (paymentId: string, eventId = `evt_${randomUUID()}`, amountCents = 75300, atSeconds?: number) =>
  provider.signNotification({ eventId, kind: 'paid', paymentId, amountCents, createdAtMs: Date.now() }, atSeconds);

async function stored(id: string): Promise<Stored<PaymentDocument>> {
  return (await host.deps.store.collection<PaymentDocument>('payments').read(id, id))!;
}

describe('a payment notification', () => {
  it('settles its payment; the same notification again changes nothing', async () => {
    const payment = await openPayment();
    const notification = paid(payment.id, 'evt_once');
    expect(await json(await notify(notification), 200)).toMatchObject({
      outcome: 'settled',
      paymentId: payment.id,
      status: 'paid',
      surplusCents: 0,
    });
    const settled = await stored(payment.id);
    expect(settled.ledger).toMatchObject({ status: 'paid', receivedCents: 75300 });
    expect(await json(await notify(notification), 200)).toMatchObject({ outcome: 'replay', status: 'paid' });
    expect((await stored(payment.id))._etag).toBe(settled._etag);
  });

  it('keeps a payment paid when its checkout’s expiry arrives after the money', async () => {
    const payment = await openPayment();
    await json(await notify(paid(payment.id)), 200);
    const expiry = provider.signNotification({
      eventId: `evt_${randomUUID()}`,
      kind: 'expired',
      paymentId: payment.id,
      amountCents: 0,
      createdAtMs: Date.now() - 60_000,
    });
    expect(await json(await notify(expiry), 200)).toMatchObject({ outcome: 'no_change', status: 'paid' });
  });

  it('counts one checkout’s money once, though the provider announces it by two events', async () => {
    // (Two checkouts' money for one payment — a double payment kept as surplus — is core payment-ledger.test.ts's.)
    const payment = await openPayment();
    await json(await notify(paid(payment.id)), 200);
    expect(await json(await notify(paid(payment.id)), 200)).toMatchObject({ outcome: 'no_change', status: 'paid' });
    expect((await stored(payment.id)).ledger.receivedCents).toBe(75300);
  });

  it('refuses a forged, altered or stale notification with 400, audited, and changes nothing', async () => {
    const payment = await openPayment();
    const genuine = paid(payment.id);
    const forged = { body: genuine.body, signature: genuine.signature.replace(/v1=[0-9a-f]{6}/, 'v1=000000') };
    const altered = { body: Buffer.from(genuine.body.toString().replace('75300', '1')), signature: genuine.signature };
    const stale = paid(payment.id, undefined, 75300, Math.floor(Date.now() / 1000) - 600);
    for (const bad of [forged, altered, stale, { body: genuine.body, signature: '' }]) {
      const body = await json<ApiErrorBody>(await notify(bad), 400);
      expect(body.code).toBe('payment_notification_refused');
    }
    expect((await stored(payment.id)).ledger.status).toBe('open');
    const audit = await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'action', op: '=', value: 'RefusePaymentNotification' }], limit: 100 });
    expect(audit.items.length).toBeGreaterThanOrEqual(4);
    expect(audit.items.every((entry) => entry.success === false)).toBe(true);
  });

  it('is acknowledged for an unknown payment, and not found at another provider’s address', async () => {
    expect(await json(await notify(paid(randomUUID())), 200)).toEqual({ outcome: 'unknown_payment' });
    const payment = await openPayment();
    expect((await notify(paid(payment.id), '/api/payments/stripe/webhook')).status).toBe(404);
    expect((await notify(paid(payment.id), '/api/payments/paypal/webhook')).status).toBe(404);
    expect((await stored(payment.id)).ledger.status).toBe('open');
  });

  it('audits each settlement with the payment and its tenant', async () => {
    const payment = await openPayment();
    await json(await notify(paid(payment.id, 'evt_audited')), 200);
    const audit = await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'entityId', op: '=', value: payment.id }], limit: 10 });
    expect(audit.items.map((entry) => [entry.action, entry.tenantId, entry.success])).toEqual([
      ['ReceivePayment', 'default', true],
    ]);
    expect(audit.items[0]!.details).toContain('evt_audited');
  });
});

describe('the test provider’s checkout page', () => {
  it('shows what is due and pays it through the verified path; two tabs racing pay once', async () => {
    const payment = await openPayment();
    const page = await json<TestCheckoutView>(await host.fetch(`/api/payments/test/${payment.id}`), 200);
    expect(page).toEqual({
      paymentId: payment.id,
      disputeId: payment.disputeId,
      purpose: 'filingFee',
      netCents: 60000,
      vatCents: 15300,
      amountCents: 75300,
      status: 'open',
    });
    const pay = () => host.fetch(`/api/payments/test/${payment.id}/pay`, { method: 'POST' });
    const answers = await Promise.all([pay(), pay()]);
    const outcomes = await Promise.all(answers.map((answer) => json<{ outcome: string }>(answer, 200)));
    expect(outcomes.map((answer) => answer.outcome).sort()).toEqual(['no_change', 'settled']);
    expect((await stored(payment.id)).ledger).toMatchObject({ status: 'paid', receivedCents: 75300 });
    const after = await json<TestCheckoutView>(await host.fetch(`/api/payments/test/${payment.id}`), 200);
    expect(after.status).toBe('paid');
  });

  it('is not found for an unknown payment', async () => {
    expect((await host.fetch(`/api/payments/test/${randomUUID()}`)).status).toBe(404);
    expect((await host.fetch(`/api/payments/test/${randomUUID()}/pay`, { method: 'POST' })).status).toBe(404);
  });
});
