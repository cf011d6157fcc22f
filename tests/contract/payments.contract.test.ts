import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments } from '../../functions/src/adapters/payments/stripe-payments.js';
import { createTestPayments } from '../../functions/src/adapters/payments/test-payments.js';
import { createSqliteStore } from '../../functions/src/adapters/store/sqlite-store.js';
import type { Store } from '../../functions/src/ports/store.js';
import {
  PaymentNotificationRefused,
  type CheckoutRequest,
  type PaymentProvider,
} from '../../functions/src/ports/payments.js';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.js';

/**
 * The payment port's contract (functions/src/ports/payments.ts), run on the built-in test provider and on the
 * Stripe adapter — the official SDK pointed at a loopback fake of the Checkout Sessions endpoint, with webhook
 * events signed as Stripe signs them. A notification is believed only when its signature and age verify.
 */

const SECRET_KEY = 'sk_test_contract';
const WEBHOOK_SECRET = 'whsec_contract';
const NOW = 1_780_000_000; // a fixed "now" in seconds, so age is measured without waiting

interface Subject {
  name: string;
  provider: () => PaymentProvider;
  /** The same provider as a restarted host makes it: a new instance over the same store (or the same Stripe). */
  restarted: () => PaymentProvider;
  /** A notification of `kind` for a payment, as the provider sends it, signed at `atSeconds`. */
  notify(
    kind: 'paid' | 'expired',
    payment: { paymentId: string; providerRef: string; amountCents: number },
    atSeconds?: number,
  ): Promise<{ body: Buffer; signature: string }>;
}

let fake: FakeStripe;
const signer = new Stripe('sk_test_signer');
// The test provider keeps its checkouts in the store: a SQLite file; a second store on the file is a restarted host.
const dataDir = mkdtempSync(join(tmpdir(), 'payments-contract-'));
const stores: Store[] = [];
const openStore = () => {
  const store = createSqliteStore({ file: join(dataDir, 'ratkaisu.db') });
  stores.push(store);
  return store;
};
const newTestProvider = () =>
  createTestPayments({ baseUrl: 'http://127.0.0.1:7071', nowSeconds: () => NOW, store: openStore() });
const testProvider = newTestProvider();
let stripeProvider: PaymentProvider;
const newStripeProvider = () =>
  createStripePayments({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    api: { host: fake.host, port: fake.port, protocol: 'http' },
    nowSeconds: () => NOW,
  });

beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  stripeProvider = newStripeProvider();
});
afterAll(async () => {
  await fake?.close();
  for (const store of stores) await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A Stripe event around a Checkout Session, signed with the endpoint's secret as Stripe does. */
async function stripeEvent(type: string, session: Record<string, unknown>, atSeconds = NOW) {
  const payload = JSON.stringify({
    id: `evt_${randomUUID().slice(0, 8)}`,
    object: 'event',
    api_version: '2025-01-01',
    created: atSeconds,
    type,
    data: { object: { object: 'checkout.session', ...session } },
  });
  const signature = await signer.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: atSeconds,
  });
  return { body: Buffer.from(payload), signature };
}

const subjects: Subject[] = [
  {
    name: 'the test provider',
    provider: () => testProvider,
    restarted: newTestProvider,
    async notify(kind, payment, atSeconds = NOW) {
      return testProvider.signNotification(
        { eventId: `evt_${randomUUID()}`, kind, createdAtMs: atSeconds * 1000, ...payment },
        atSeconds,
      );
    },
  },
  {
    name: 'the Stripe adapter against a fake Stripe',
    provider: () => stripeProvider,
    restarted: newStripeProvider,
    async notify(kind, payment, atSeconds = NOW) {
      return stripeEvent(
        kind === 'paid' ? 'checkout.session.completed' : 'checkout.session.expired',
        {
          id: payment.providerRef,
          payment_status: kind === 'paid' ? 'paid' : 'unpaid',
          amount_total: payment.amountCents,
          client_reference_id: payment.paymentId,
          metadata: { paymentId: payment.paymentId },
        },
        atSeconds,
      );
    },
  },
];

function checkoutFor(paymentId: string, amountCents = 75300): CheckoutRequest {
  return {
    paymentId,
    description: 'Filing fee, case R-2026-0001',
    amountCents,
    customerEmail: 'payer@example.fi',
    successUrl: 'http://127.0.0.1:7071/case-attachment/x?paid=1',
    cancelUrl: 'http://127.0.0.1:7071/case-attachment/x',
  };
}

describe.each(subjects)('$name', (subject) => {
  it('opens one checkout per payment: asked again for the same payment, the same page', async () => {
    const paymentId = randomUUID();
    const first = await subject.provider().createCheckout(checkoutFor(paymentId));
    const again = await subject.provider().createCheckout(checkoutFor(paymentId));
    expect(first.checkoutUrl).toMatch(/^https?:\/\//);
    expect(first.providerRef).not.toBe('');
    expect(again).toEqual(first);
    const other = await subject.provider().createCheckout(checkoutFor(randomUUID()));
    expect(other.providerRef).not.toBe(first.providerRef);
  });

  it('expires an open checkout once; a further attempt for the same payment is a checkout of its own', async () => {
    const provider = subject.provider();
    const paymentId = randomUUID();
    const first = await provider.createCheckout(checkoutFor(paymentId));
    expect(await provider.expireCheckout(first.providerRef)).toBe('expired');
    expect(await provider.expireCheckout(first.providerRef)).toBe('not_open');
    const second = await provider.createCheckout({ ...checkoutFor(paymentId, 60000), attempt: 2 });
    expect(second.providerRef).not.toBe(first.providerRef);
    expect(await provider.createCheckout({ ...checkoutFor(paymentId, 60000), attempt: 2 })).toEqual(second);
    expect(await provider.expireCheckout(second.providerRef)).toBe('expired');
  });

  it('expires, after a restart, a checkout the provider opened before it', async () => {
    const paymentId = randomUUID();
    const opened = await subject.provider().createCheckout(checkoutFor(paymentId));
    const restarted = subject.restarted();
    // Asked again after the restart, the same checkout.
    expect(await restarted.createCheckout(checkoutFor(paymentId))).toEqual(opened);
    expect(await restarted.expireCheckout(opened.providerRef)).toBe('expired');
    // Once, whichever instance is asked next; and an expired checkout is not opened again.
    expect(await subject.provider().expireCheckout(opened.providerRef)).toBe('not_open');
    expect(await subject.restarted().createCheckout(checkoutFor(paymentId))).toEqual(opened);
    expect(await subject.restarted().expireCheckout(opened.providerRef)).toBe('not_open');
  });

  it('answers not_open for a checkout it never opened', async () => {
    expect(await subject.provider().expireCheckout('cs_test_never_opened')).toBe('not_open');
  });

  it('refuses to open a checkout for nothing or for a fraction of a cent', async () => {
    await expect(subject.provider().createCheckout(checkoutFor(randomUUID(), 0))).rejects.toThrow(RangeError);
    await expect(subject.provider().createCheckout(checkoutFor(randomUUID(), 10.5))).rejects.toThrow(RangeError);
  });

  it('reads a verified notification that the payment is paid, or that its checkout expired', async () => {
    const paymentId = randomUUID();
    const { providerRef } = await subject.provider().createCheckout(checkoutFor(paymentId));
    const paid = await subject.notify('paid', { paymentId, providerRef, amountCents: 75300 });
    expect(await subject.provider().parseNotification(paid.body, paid.signature)).toMatchObject({
      kind: 'paid',
      paymentId,
      providerRef,
      amountCents: 75300,
      createdAtMs: NOW * 1000,
    });
    const expired = await subject.notify('expired', { paymentId, providerRef, amountCents: 75300 });
    expect(await subject.provider().parseNotification(expired.body, expired.signature)).toMatchObject({
      kind: 'expired',
      paymentId,
    });
  });

  it('refuses a forged, altered, unsigned or stale notification', async () => {
    const payment = { paymentId: randomUUID(), providerRef: 'ref', amountCents: 100 };
    const genuine = await subject.notify('paid', payment);
    const altered = Buffer.from(genuine.body.toString('utf8').replace('100', '1'));
    const refused = (body: Buffer, signature: string | undefined) =>
      expect(subject.provider().parseNotification(body, signature)).rejects.toThrow(PaymentNotificationRefused);
    await refused(altered, genuine.signature);
    await refused(genuine.body, undefined);
    await refused(genuine.body, genuine.signature.replace(/v1=[0-9a-f]{4}/, 'v1=0000'));
    await refused(genuine.body, 't=1,v1=abc');
    // Signed ten minutes ago: older than the five-minute tolerance, so a captured notification cannot be replayed later.
    const stale = await subject.notify('paid', payment, NOW - 600);
    await refused(stale.body, stale.signature);
  });
});

describe('the Stripe adapter', () => {
  it('creates the Checkout Session with the amount in cents, the payment id and an idempotency key', async () => {
    const paymentId = randomUUID();
    await stripeProvider.createCheckout(checkoutFor(paymentId, 75300));
    const sent = fake.requests.filter((request) => request.form['metadata[paymentId]'] === paymentId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: `Bearer ${SECRET_KEY}`,
      idempotencyKey: `checkout-${paymentId}`,
    });
    expect(sent[0]!.form).toMatchObject({
      mode: 'payment',
      client_reference_id: paymentId,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '75300',
      'line_items[0][price_data][product_data][name]': 'Filing fee, case R-2026-0001',
      customer_email: 'payer@example.fi',
    });
  });

  it('does not take a completed session of a delayed method, or another event, for a payment', async () => {
    const unpaid = await stripeEvent('checkout.session.completed', {
      id: 'cs_test_delayed',
      payment_status: 'unpaid',
      amount_total: 100,
      metadata: { paymentId: 'p1' },
    });
    expect((await stripeProvider.parseNotification(unpaid.body, unpaid.signature)).kind).toBe('ignored');
    const later = await stripeEvent('checkout.session.async_payment_succeeded', {
      id: 'cs_test_delayed',
      payment_status: 'paid',
      amount_total: 100,
      metadata: { paymentId: 'p1' },
    });
    expect(await stripeProvider.parseNotification(later.body, later.signature)).toMatchObject({
      kind: 'paid',
      paymentId: 'p1',
    });
    const other = await stripeEvent('customer.created', { id: 'cus_1' });
    expect((await stripeProvider.parseNotification(other.body, other.signature)).kind).toBe('ignored');
  });

  it('expires a session by Stripe’s expire endpoint, and keys a further attempt apart', async () => {
    const paymentId = randomUUID();
    const first = await stripeProvider.createCheckout(checkoutFor(paymentId));
    await stripeProvider.expireCheckout(first.providerRef);
    const expire = fake.requests.at(-1)!;
    expect(expire).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${first.providerRef}/expire` });
    await stripeProvider.createCheckout({ ...checkoutFor(paymentId), attempt: 3 });
    expect(fake.requests.at(-1)!.idempotencyKey).toBe(`checkout-${paymentId}-3`);
  });

  it('fails loudly with a wrong secret key rather than opening nothing', async () => {
    const wrongKey = createStripePayments({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      api: { host: fake.host, port: fake.port, protocol: 'http' },
    });
    await expect(wrongKey.createCheckout(checkoutFor(randomUUID()))).rejects.toThrow(/Invalid API Key/);
  });
});
