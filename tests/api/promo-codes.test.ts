import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ApiErrorBody, PaymentAmountView, PromoCodeView } from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import { createPaymentDocument, type PaymentDocument } from '../../functions/src/services/payments/payment-document.js';
import { applyRememberedPromoCode } from '../../functions/src/services/promo-codes/apply-remembered-promo-code.js';
import { PROMO_CODE_PARTITION } from '../../functions/src/services/promo-codes/promo-code-document.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * Promo codes (docs/fees.md "Promo codes"): a super-administrator creates, lists and disables them; a payer
 * enters one on an open payment and the amounts change by it (VAT on the discounted net); every refusal is a
 * catalogued code; racing uses never exceed the number of uses; registration remembers a code on the account
 * once fees are charged, and the account's next payment takes it. The payments are written as a due point
 * would write them (payment-document.ts createPaymentDocument).
 */

const EXAMPLE_TEXT = readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8');

const api = apiClient(() => host);
const { call, json, signedInUser } = api;
let rootToken: string;

const host = useTestHost();
beforeAll(async () => {
  rootToken = (await signedInUser({ email: uniqueEmail('promo-root'), roles: ['SuperAdmin'] })).token;
});

const createCode = (body: unknown, token = rootToken) => call('POST', '/api/superadmin/promo-codes', token, body);
const codeName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`.toUpperCase();

async function openPayment(payerUserId: string, tenantId = 'default', netCents = 60_000, vatCents = 15_300) {
  return createPaymentDocument(host.deps, {
    tenantId,
    disputeId: randomUUID(),
    purpose: 'filingFee',
    payerUserId,
    netCents,
    vatCents,
    vatRateBasisPoints: 2550,
    reverseCharge: vatCents === 0,
    scheduleRevision: 1,
  });
}

const enter = (paymentId: string, code: string, token: string) =>
  call('POST', `/api/payments/${paymentId}/promo-code`, token, { code });

async function storedCode(code: string): Promise<PromoCodeView & { usedCount: number }> {
  return (await host.deps.store
    .collection<PromoCodeView & { id: string; pk: string }>('fees')
    .read(PROMO_CODE_PARTITION, code))!;
}

describe('registration’s promo code under the embedded default', () => {
  it('is taken as before and not checked, since nothing is charged', async () => {
    const username = `promo${randomUUID().slice(0, 8)}`;
    const response = await call('POST', '/user/register', undefined, {
      username,
      email: `${username}@example.fi`,
      password: 'first password 1',
      promoCode: 'NO-SUCH-CODE',
    });
    expect(response.status).toBe(201);
    const user = (
      await host.deps.store
        .collection<UserDocument>('users')
        .query({ where: [{ field: 'userNameKey', op: '=', value: username }] })
    ).items[0]!;
    expect(user.promoCode).toBeUndefined();
  });
});

describe('a super-administrator’s promo codes', () => {
  it('creates, lists and disables a code, audited; refuses a duplicate, bad input and other callers', async () => {
    const code = codeName('spring');
    const created = await json<PromoCodeView>(
      await createCode({ code: code.toLowerCase(), discount: { kind: 'percentage', percent: 15 }, maxUses: 10 }),
      201,
    );
    expect(created).toMatchObject({
      code,
      discount: { kind: 'percentage', basisPoints: 1500 },
      usedCount: 0,
      disabled: false,
    });
    expect(
      (await json<ApiErrorBody>(await createCode({ code, discount: { kind: 'fixed', cents: 1 } }), 409)).code,
    ).toBe('conflict');
    const bad = await json<ApiErrorBody>(await createCode({ code, discount: { kind: 'fixed', cents: 0.5 } }), 400);
    expect(bad.code).toBe('validation_failed');
    expect(Object.keys(bad.fields ?? {})).toContain('discount.cents');
    const unknownTenant = { code: codeName('t'), discount: { kind: 'fixed', cents: 100 }, tenantId: randomUUID() };
    expect((await createCode(unknownTenant)).status).toBe(404);

    const listed = await json<PromoCodeView[]>(await call('GET', '/api/superadmin/promo-codes', rootToken), 200);
    expect(listed.map((entry) => entry.code)).toContain(code);
    const disabled = await json<PromoCodeView>(
      await call('POST', `/api/superadmin/promo-codes/${code}/disable`, rootToken),
      200,
    );
    expect(disabled).toMatchObject({ code, disabled: true });

    const admin = await signedInUser({ email: uniqueEmail('promo-admin'), roles: ['Admin'] });
    expect((await createCode({ code: codeName('x'), discount: { kind: 'fixed', cents: 1 } }, admin.token)).status).toBe(
      403,
    );
    expect((await call('GET', '/api/superadmin/promo-codes', admin.token)).status).toBe(403);

    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [{ field: 'entityId', op: '=', value: code }],
      limit: 100,
    });
    expect(audit.items.map((entry) => [entry.action, entry.success]).sort()).toEqual(
      [
        ['CreatePromoCode', true],
        ['CreatePromoCode', false],
        ['DisablePromoCode', true],
      ].sort(),
    );
  });
});

describe('a promo code entered on a payment', () => {
  it('takes the discount off the net and computes VAT on what is left; once per payment, payer only', async () => {
    const code = codeName('fixed');
    await json(await createCode({ code, discount: { kind: 'fixed', cents: 10_000 } }), 201);
    const payer = await signedInUser({ email: uniqueEmail('payer') });
    const payment = await openPayment(payer.user.id);

    const stranger = await signedInUser({ email: uniqueEmail('stranger') });
    expect((await enter(payment.id, code, stranger.token)).status).toBe(404);

    const answer = await json<PaymentAmountView>(await enter(payment.id, code.toLowerCase(), payer.token), 200);
    // 600,00 − 100,00 = 500,00 net; VAT 25.5 % = 127,50; 627,50 due.
    expect(answer).toEqual({
      paymentId: payment.id,
      status: 'open',
      netCents: 50_000,
      vatCents: 12_750,
      amountCents: 62_750,
      promoCode: { code, discountCents: 10_000 },
    });
    const stored = (await host.deps.store.collection<PaymentDocument>('payments').read(payment.id, payment.id))!;
    expect(stored.ledger.dueCents).toBe(62_750);
    expect(stored.promoCode).toMatchObject({ code, discountCents: 10_000, netBeforeCents: 60_000 });
    // The test checkout page asks for the discounted amount.
    expect(await json(await call('GET', `/api/payments/test/${payment.id}`), 200)).toMatchObject({
      amountCents: 62_750,
    });

    const again = await json<ApiErrorBody>(await enter(payment.id, code, payer.token), 409);
    expect(again.code).toBe('promo_code_not_applicable');
    expect((await storedCode(code)).usedCount).toBe(1);

    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'action', op: '=', value: 'ApplyPromoCode' },
        { field: 'entityId', op: '=', value: payment.id },
      ],
    });
    // The use, and the second try refused.
    expect(audit.items.map((entry) => entry.success).sort()).toEqual([false, true]);
    expect(audit.items.find((entry) => entry.success)).toMatchObject({ userId: payer.user.id, tenantId: 'default' });
  });

  it('discounts a reverse-charge payment without VAT, and pays one discounted to nothing', async () => {
    const half = codeName('half');
    const all = codeName('all');
    await json(await createCode({ code: half, discount: { kind: 'percentage', percent: 50 } }), 201);
    await json(await createCode({ code: all, discount: { kind: 'percentage', percent: 100 } }), 201);
    const payer = await signedInUser({ email: uniqueEmail('payer') });
    const reverse = await openPayment(payer.user.id, 'default', 60_001, 0);
    expect(await json<PaymentAmountView>(await enter(reverse.id, half, payer.token), 200)).toMatchObject({
      netCents: 30_000, // 50 % of 600,01 = 300,005 → 300,01 off
      vatCents: 0,
      amountCents: 30_000,
    });
    const free = await openPayment(payer.user.id);
    expect(await json<PaymentAmountView>(await enter(free.id, all, payer.token), 200)).toMatchObject({
      status: 'paid',
      amountCents: 0,
    });
  });

  it('refuses an unknown, expired, not yet valid, used-up or another tenant’s code with its own code', async () => {
    const expired = codeName('old');
    const early = codeName('early');
    const usedUp = codeName('used');
    const theirs = codeName('theirs');
    const other = await signedInUser({ email: uniqueEmail('other-tenant') }, { ownTenant: true });
    await json(
      await createCode({ code: expired, discount: { kind: 'fixed', cents: 100 }, validUntil: '2020-12-31' }),
      201,
    );
    await json(
      await createCode({ code: early, discount: { kind: 'fixed', cents: 100 }, validFrom: '2999-01-01' }),
      201,
    );
    await json(await createCode({ code: usedUp, discount: { kind: 'fixed', cents: 100 }, maxUses: 1 }), 201);
    await json(
      await createCode({ code: theirs, discount: { kind: 'fixed', cents: 100 }, tenantId: other.user.tenantId }),
      201,
    );
    const payer = await signedInUser({ email: uniqueEmail('payer') });
    await json(await enter((await openPayment(payer.user.id)).id, usedUp, payer.token), 200);

    const cases: [string, number, string][] = [
      ['NEVER-MADE', 400, 'promo_code_unknown'],
      [expired, 400, 'promo_code_expired'],
      [early, 400, 'promo_code_not_yet_valid'],
      [usedUp, 409, 'promo_code_used_up'],
      [theirs, 400, 'promo_code_other_tenant'],
    ];
    const payment = await openPayment(payer.user.id);
    for (const [code, status, errorCode] of cases) {
      const body = await json<ApiErrorBody>(await enter(payment.id, code, payer.token), status);
      expect(body.code, code).toBe(errorCode);
      expect(body.fields?.code).toBe(body.message);
    }
    // Nothing changed on the payment, and the refused codes counted no use.
    const stored = (await host.deps.store.collection<PaymentDocument>('payments').read(payment.id, payment.id))!;
    expect(stored).toMatchObject({ netCents: 60_000, vatCents: 15_300, ledger: { dueCents: 75_300 } });
    expect(stored.promoCode).toBeUndefined();
    expect((await storedCode(usedUp)).usedCount).toBe(1);
    expect((await storedCode(early)).usedCount).toBe(0);
    const refusals = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'action', op: '=', value: 'ApplyPromoCode' },
        { field: 'entityId', op: '=', value: payment.id },
      ],
    });
    expect(refusals.items.map((entry) => [entry.success, entry.details]).sort()).toEqual(
      cases.map(([code, , errorCode]) => [false, `${code}: ${errorCode}`]).sort(),
    );
    // In its own tenant the other tenant's code works.
    const theirPayment = await openPayment(other.user.id, other.user.tenantId);
    expect((await enter(theirPayment.id, theirs, other.token)).status).toBe(200);
  });

  it('is used no more times than it may be when payers race for its last uses', async () => {
    const code = codeName('race');
    await json(await createCode({ code, discount: { kind: 'fixed', cents: 500 }, maxUses: 3 }), 201);
    const payers = await Promise.all(Array.from({ length: 8 }, () => signedInUser({ email: uniqueEmail('racer') })));
    const payments = await Promise.all(payers.map((payer) => openPayment(payer.user.id)));
    const responses = await Promise.all(
      payments.map((payment, index) => enter(payment.id, code, payers[index]!.token)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(((await response.json()) as ApiErrorBody).code).toBe('promo_code_used_up');
    }
    expect((await storedCode(code)).usedCount).toBe(3);
    const discounted = await host.deps.store.collection<PaymentDocument>('payments').query({
      where: [{ field: 'promoCode.code', op: '=', value: code }],
    });
    expect(discounted.items).toHaveLength(3);
  });
});

describe('registration’s promo code once fees are charged', () => {
  it('refuses an unusable code, remembers a usable one, and the account’s next payment takes it', async () => {
    await json(
      await host.fetch('/api/superadmin/fee-schedule', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${rootToken}` },
        body: EXAMPLE_TEXT,
      }),
      200,
    );
    const register = (username: string, promoCode: string) =>
      call('POST', '/user/register', undefined, {
        username,
        email: `${username}@example.fi`,
        password: 'first password 1',
        promoCode,
      });
    const refused = await json<ApiErrorBody>(await register(`p${randomUUID().slice(0, 8)}`, 'NOT-A-CODE'), 400);
    expect(refused).toMatchObject({ code: 'promo_code_unknown' });
    expect(refused.fields?.promoCode).toBe(refused.message);

    const code = codeName('welcome');
    await json(await createCode({ code, discount: { kind: 'percentage', percent: 10 } }), 201);
    const username = `p${randomUUID().slice(0, 8)}`;
    expect((await register(username, ` ${code.toLowerCase()} `)).status).toBe(201);
    const users = host.deps.store.collection<UserDocument>('users');
    const user = (await users.query({ where: [{ field: 'userNameKey', op: '=', value: username }] })).items[0]!;
    expect(user.promoCode).toBe(code);

    const payment = await openPayment(user.id);
    const applied = await applyRememberedPromoCode(host.deps, payment.id);
    expect(applied.outcome).toBe('applied');
    const stored = (await host.deps.store.collection<PaymentDocument>('payments').read(payment.id, payment.id))!;
    // 10 % of 600,00 off: 540,00 net, VAT 137,70.
    expect(stored).toMatchObject({ netCents: 54_000, vatCents: 13_770, ledger: { dueCents: 67_770 } });
    expect((await users.read(user.id, user.id))!.promoCode).toBeUndefined();
    // Used once: the next payment is charged in full.
    const next = await openPayment(user.id);
    expect(await applyRememberedPromoCode(host.deps, next.id)).toEqual({ outcome: 'none' });
  });
});
