import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPaymentDocument } from '../../functions/src/services/payments/payment-document.js';
import { apiClient, FINNISH_CASE, uniqueEmail } from './support/api-client.js';
import type { SignedInUser } from './support/seed-user.js';
import { refusedWith } from './support/refused-with.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The fee routes' refusals for a Finnish user (docs/fees.md; docs/architecture.md "Errors"): each names its reason
 * in the catalogue (the groups `fees`, `promoCodes`, `tribunalFees`) and its parameters beside the unchanged code
 * and English text, and the web's Finnish catalogue has the text for that reason with the same parameters.
 */

const host = useTestHost();
const api = apiClient(() => host);
const { call, json } = api;
const FINNISH = { 'accept-language': 'fi-FI,fi;q=0.9' };
let root: SignedInUser;

beforeAll(async () => {
  root = await api.signedInUser({ email: uniqueEmail('fee-refusals-root'), roles: ['SuperAdmin'] });
  const schedule = JSON.parse(readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8'));
  await json(await call('PUT', '/api/superadmin/fee-schedule', root.token, schedule), 200);
});

const openPayment = (payer: SignedInUser) =>
  createPaymentDocument(host.deps, {
    tenantId: payer.user.tenantId,
    disputeId: `case-${payer.user.id}`,
    purpose: 'filingFee',
    payerUserId: payer.user.id,
    netCents: 60000,
    vatCents: 15300,
    vatRateBasisPoints: 2550,
    scheduleRevision: 1,
  });

describe('fee refusals named by reason, for a Finnish user', () => {
  it('fees: a tribunal request without an amount in dispute, and a bank statement that is not XML', async () => {
    const c = await api.openCase(FINNISH_CASE);
    const body = await refusedWith(
      await call('POST', `/api/dispute/${c.dispute.id}/tribunal/request`, c.claimant.token, { size: 1 }, FINNISH),
      400,
      'amount_in_dispute_required',
      'fees.amountInDisputeRequired',
    );
    expect(body.fields?.amountInDispute).toBe(body.message);
    await refusedWith(
      await host.fetch('/api/superadmin/payments/bank-statement', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', authorization: `Bearer ${root.token}`, ...FINNISH },
        body: 'not a statement',
      }),
      400,
      'validation_failed',
      'fees.statementNotXml',
    );
  });

  it('fees: a credit note for an unpaid payment, then for more than was paid, with the amount as a parameter', async () => {
    const payer = await api.signedInUser({ email: uniqueEmail('fee-refusals-payer') });
    const payment = await openPayment(payer);
    const credit = (amountCents: number) =>
      call(
        'POST',
        `/api/superadmin/payments/${payment.id}/credit-note`,
        root.token,
        { amountCents, reason: 'a test of the refusal' },
        FINNISH,
      );
    await refusedWith(await credit(100), 409, 'payment_not_paid', 'fees.paymentNotPaid');
    await json(await call('POST', `/api/payments/test/${payment.id}/pay`), 200);
    const body = await refusedWith(await credit(80_000), 409, 'credit_exceeds_payment', 'fees.creditExceedsPayment');
    expect(body.params).toEqual({ creditableCents: 75_300 });
  });

  it('promo codes: an unknown code on a payment, and a name taken', async () => {
    const payer = await api.signedInUser({ email: uniqueEmail('fee-refusals-promo') });
    const payment = await openPayment(payer);
    const body = await refusedWith(
      await call('POST', `/api/payments/${payment.id}/promo-code`, payer.token, { code: 'NO-SUCH-CODE' }, FINNISH),
      400,
      'promo_code_unknown',
      'promoCodes.unknown',
    );
    expect(body.fields?.code).toBe(body.message);
    const code = { code: 'FEE-REFUSALS', discount: { kind: 'percentage', percent: 10 } };
    await json(await call('POST', '/api/superadmin/promo-codes', root.token, code), 201);
    await refusedWith(
      await call('POST', '/api/superadmin/promo-codes', root.token, code, FINNISH),
      409,
      'conflict',
      'promoCodes.taken',
    );
  });

  it('tribunal fees: paying a share of a side that is no side, and of a case with no tribunal requested', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
    const share = (side: string) =>
      call('POST', `/api/dispute/${c.dispute.id}/tribunal/advance/${side}/pay`, c.claimant.token, {}, FINNISH);
    await refusedWith(await share('nobody'), 400, 'validation_failed', 'tribunalFees.sideInvalid');
    await refusedWith(await share('respondent'), 409, 'conflict', 'tribunalFees.notRequested');
  });
});
