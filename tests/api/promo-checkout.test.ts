import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PaymentAmountView } from '@ratkaisu/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duePaymentFor } from '../../functions/src/services/payments/due-payment.js';
import type { PaymentDocument } from '../../functions/src/services/payments/payment-document.js';
import { startFakeStripe, type FakeStripe } from '../contract/support/fake-stripe.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * A promo code entered after the payment's Stripe Checkout was opened (docs/fees.md "Promo codes"): the session for
 * the undiscounted sum is expired at Stripe and a new one asks for the discounted sum, so paying by card never
 * takes the old amount.
 */
const SECRET_KEY = 'sk_test_promo_checkout';
const EXAMPLE = readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8');

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
});
afterAll(async () => {
  await fake?.close();
});
const host = useTestHost({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: 'whsec_promo_checkout' }, () => ({
  stripeApi: { host: fake.host, port: fake.port, protocol: 'http' },
}));
const api = apiClient(() => host);
let root: SignedInUser;

beforeAll(async () => {
  root = await api.signedInUser({ email: uniqueEmail('promo-checkout-root'), roles: ['SuperAdmin'] });
  const set = await host.fetch('/api/superadmin/fee-schedule', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${root.token}` },
    body: EXAMPLE,
  });
  expect(set.status).toBe(200);
});

const stored = async (id: string) => (await host.deps.store.collection<PaymentDocument>('payments').read(id, id))!;
const sessionsCreated = () => fake.requests.filter((request) => request.path === '/v1/checkout/sessions');

describe('a promo code on a payment whose Stripe Checkout is open', () => {
  it('expires the session for the old sum and opens one for the discounted sum', async () => {
    const payer = await api.signedInUser({ email: uniqueEmail('promo-checkout-payer') });
    const opened = (await duePaymentFor(host.deps, {
      tenantId: payer.user.tenantId,
      disputeId: randomUUID(),
      caseName: 'Teräspalkkien viivästys',
      purpose: 'filingFee',
      payerSide: 'claimant',
      payerUserId: payer.user.id,
      payerEmail: payer.user.email,
      amountInDisputeCents: 3_000_000,
    }))!;
    expect(opened.providerRef).toBeDefined();
    const before = sessionsCreated().length;
    const oldSession = sessionsCreated().at(-1)!;
    expect(Number(oldSession.form['line_items[0][price_data][unit_amount]'])).toBe(opened.ledger.dueCents);

    const code = `HALF${randomUUID().slice(0, 6).toUpperCase()}`;
    await api.json(
      await api.call('POST', '/api/superadmin/promo-codes', root.token, {
        code,
        discount: { kind: 'percentage', percent: 50 },
      }),
      201,
    );
    const applied = await api.json<PaymentAmountView>(
      await api.call('POST', `/api/payments/${opened.id}/promo-code`, payer.token, { code }),
      200,
    );
    expect(applied.amountCents).toBeLessThan(opened.ledger.dueCents);

    // The old session is expired at Stripe; a new one, at a new attempt, asks for the discounted sum.
    expect(
      fake.requests.filter((request) => request.path === `/v1/checkout/sessions/${opened.providerRef}/expire`),
    ).toHaveLength(1);
    expect(sessionsCreated()).toHaveLength(before + 1);
    const newSession = sessionsCreated().at(-1)!;
    expect(Number(newSession.form['line_items[0][price_data][unit_amount]'])).toBe(applied.amountCents);
    expect(newSession.form.customer_email).toBe(payer.user.email);
    expect(newSession.idempotencyKey).not.toBe(oldSession.idempotencyKey);
    const after = await stored(opened.id);
    expect(after.providerRef).toBeDefined();
    expect(after.providerRef).not.toBe(opened.providerRef);
    expect(after.checkoutUrl).not.toBe(opened.checkoutUrl);
    expect(after.checkoutAttempt).toBe((opened.checkoutAttempt ?? 1) + 1);
    expect(after.ledger.dueCents).toBe(applied.amountCents);
    // The new checkout names the fee and the case as the first did.
    expect(newSession.form['line_items[0][price_data][product_data][name]']).toBe(
      oldSession.form['line_items[0][price_data][product_data][name]'],
    );
  });
});
