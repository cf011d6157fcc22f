import { readFileSync } from 'node:fs';
import { openLedger, type ApiErrorBody, type DisputeView, type PhaseView } from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { timers } from '../../functions/src/timers.js';
import type { PaymentDocument } from '../../functions/src/services/payments/payment-document.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient, FINNISH_CASE, uniqueEmail, uploadForm, type OpenCase } from './support/api-client.js';
import { makePdf } from './support/pdf-fixtures.js';
import { writeFinishedCase } from './support/finished-case.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The due points (docs/fees.md "Due points"): with no schedule nothing is due; with one, the claim's first
 * Save and Send and a party's AI decision answer 402 naming one payment until the provider's verified
 * notification settles it, and the settled filing fee sends the claim and invites the respondent exactly once,
 * also after a crash.
 */

const EXAMPLE_TEXT = readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8');

const clock = new MovableClock();
/** The step at which the next crash comes; disarmed once it has. */
let crashAt: string | undefined;
const stepProbe = (step: string) => {
  if (step !== crashAt) return;
  crashAt = undefined;
  throw new Error(`Simulated crash after ${step}`);
};
const api = apiClient(() => host, clock);
const { call, json } = api;

const host = useTestHost({}, { clock, stepProbe });

type PaymentRequired = ApiErrorBody & {
  payment: { id: string; amountCents: number; vatCents: number; checkoutUrl: string; invoiceUrl: string };
};

async function setExampleSchedule(): Promise<void> {
  const root = await api.signedInUser({ email: uniqueEmail('fees-root'), roles: ['SuperAdmin'] });
  await json(await call('PUT', '/api/superadmin/fee-schedule', root.token, JSON.parse(EXAMPLE_TEXT)), 200);
}

async function uploadToActive(c: OpenCase, token: string, name = 'Kanne.pdf'): Promise<void> {
  const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${c.dispute.id}/phases`, token), 200);
  await json(
    await call(
      'POST',
      `/${c.dispute.id}/phases/${phases.at(-1)!.id}/attachments`,
      token,
      uploadForm([{ name, bytes: await makePdf() }]),
    ),
    201,
  );
}

const send = (c: OpenCase, phase = 'Response', token = c.claimant.token) =>
  call('POST', `/api/dispute/${c.dispute.id}/phase/${phase}`, token);

const pay = async (paymentId: string) =>
  json<{ outcome: string; status: string }>(await call('POST', `/api/payments/test/${paymentId}/pay`), 200);

async function activePhase(c: OpenCase): Promise<string> {
  const phases = await json<PhaseView[]>(
    await call('GET', `/api/dispute/${c.dispute.id}/phases`, c.claimant.token),
    200,
  );
  return phases.at(-1)!.type;
}

async function paymentsOf(disputeId: string): Promise<PaymentDocument[]> {
  const page = await host.deps.store
    .collection<PaymentDocument>('payments')
    .query({ where: [{ field: 'disputeId', op: '=', value: disputeId }], limit: 10 });
  return page.items;
}

const invitationsTo = (email: string) => api.mailsTo(email).filter((mail) => /invitation/i.test(mail)).length;

describe('with no fee schedule (the embedded default)', () => {
  it('sends the claim at once and makes no payment, with an amount in dispute or without', async () => {
    for (const overrides of [{ ...FINNISH_CASE, amountInDispute: '30 000,50' }, FINNISH_CASE]) {
      const c = await api.openCase(overrides);
      await uploadToActive(c, c.claimant.token);
      await json(await send(c), 200);
      expect(await activePhase(c)).toBe('Response');
      expect(await paymentsOf(c.dispute.id)).toEqual([]);
      const view = await json<DisputeView>(await call('GET', `/api/dispute/${c.dispute.id}`, c.claimant.token), 200);
      expect(view.payments).toBeUndefined();
    }
  });

  it('stores the amount in dispute as cents and refuses one that is not euros', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30 000,50' });
    expect(c.dispute.amountInDisputeCents).toBe(3_000_050);
    const refused = await json<ApiErrorBody>(
      await call('POST', '/api/dispute', c.claimant.token, {
        ...c.dispute,
        id: crypto.randomUUID(),
        amountInDispute: '3,5,0',
      }),
      400,
    );
    expect(refused.code).toBe('validation_failed');
    expect(refused.fields?.amountInDispute).toMatch(/euros/);
  });
});

describe('with a fee schedule', () => {
  beforeAll(async () => {
    await setExampleSchedule();
  });

  it('asks for the amount in dispute before the filing fee; the claimant sets it until the claim is sent', async () => {
    const c = await api.openCase(FINNISH_CASE);
    await uploadToActive(c, c.claimant.token);
    const missing = await json<ApiErrorBody>(await send(c), 400);
    expect(missing.code).toBe('amount_in_dispute_required');
    const amountPath = `/api/dispute/${c.dispute.id}/amount-in-dispute`;
    await json(await call('PUT', amountPath, c.respondent.token, { amountInDispute: '30000' }), 403);
    const set = await json<DisputeView>(
      await call('PUT', amountPath, c.claimant.token, { amountInDispute: '30000' }),
      200,
    );
    expect(set.amountInDisputeCents).toBe(3_000_000);
    const due = await json<PaymentRequired>(await send(c), 402);
    expect(due.payment).toMatchObject({ amountCents: 75300, vatCents: 15300 });
    // The fee was priced by the amount: it stays as it is.
    await json(await call('PUT', amountPath, c.claimant.token, { amountInDispute: '90000' }), 409);
  });

  it('answers 402 at the first Save and Send until the fee is paid, then sends the claim and invites once', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
    const respondentEmail = c.dispute.respondent.email;
    await uploadToActive(c, c.claimant.token);

    // Two tabs at once, and again later: one payment.
    const [first, second] = await Promise.all([send(c), send(c)]);
    const due = await json<PaymentRequired>(first, 402);
    expect(due.code).toBe('payment_required');
    expect(due.payment).toEqual({
      id: due.payment.id,
      amountCents: 75300,
      vatCents: 15300,
      checkoutUrl: expect.stringContaining(`/payments/test/${due.payment.id}`),
      invoiceUrl: `/api/payments/${due.payment.id}/invoice`,
    });
    expect((await json<PaymentRequired>(second, 402)).payment.id).toBe(due.payment.id);
    expect((await json<PaymentRequired>(await send(c), 402)).payment.id).toBe(due.payment.id);
    expect(await paymentsOf(c.dispute.id)).toHaveLength(1);
    expect(await activePhase(c)).toBe('Claim');
    expect(invitationsTo(respondentEmail)).toBe(0);

    // The case page says what is due, to the claimant only with the way to pay; reads go on.
    const view = await json<DisputeView>(await call('GET', `/api/dispute/${c.dispute.id}`, c.claimant.token), 200);
    expect(view.payments).toEqual([
      expect.objectContaining({
        id: due.payment.id,
        purpose: 'filingFee',
        payerSide: 'claimant',
        yours: true,
        status: 'open',
        amountCents: 75300,
        checkoutUrl: due.payment.checkoutUrl,
        dueBy: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
    ]);

    expect(await pay(due.payment.id)).toMatchObject({ outcome: 'settled', status: 'paid' });
    expect(await activePhase(c)).toBe('Response');
    expect(invitationsTo(respondentEmail)).toBe(1);
    const respondentView = await json<DisputeView>(
      await call('GET', `/api/dispute/${c.dispute.id}`, c.respondent.token),
      200,
    );
    // Pay by: the schedule's 14 days from when it fell due.
    const dueBy = Date.parse(view.payments![0]!.dueBy);
    expect(dueBy - clock.now().getTime()).toBeGreaterThan(13.9 * 86_400_000);
    expect(dueBy - clock.now().getTime()).toBeLessThanOrEqual(14 * 86_400_000);
    expect(respondentView.payments).toEqual([
      expect.objectContaining({ purpose: 'filingFee', yours: false, status: 'paid' }),
    ]);
    expect(respondentView.payments![0]).not.toHaveProperty('checkoutUrl');

    // The Pay button again (another tab): the same checkout's money counts once, and the claim is sent once.
    expect(await pay(due.payment.id)).toMatchObject({ outcome: 'no_change', status: 'paid' });
    expect(invitationsTo(respondentEmail)).toBe(1);
    expect((await paymentsOf(c.dispute.id))[0]!.stepsLeft).toBeUndefined();
  });

  it('sends the claim at once when an administrator marks its fee paid, without waiting for the sweep', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
    await uploadToActive(c, c.claimant.token);
    const due = await json<PaymentRequired>(await send(c), 402);
    const root = await api.signedInUser({ email: uniqueEmail('fees-marker'), roles: ['SuperAdmin'] });
    await json(
      await call('POST', `/api/superadmin/payments/${due.payment.id}/mark-paid`, root.token, {
        reason: 'Maksu saapui pankkiin viitteellä.',
      }),
      200,
    );
    expect(await activePhase(c)).toBe('Response');
    expect(invitationsTo(c.dispute.respondent.email)).toBe(1);
    expect((await paymentsOf(c.dispute.id))[0]!.stepsLeft).toBeUndefined();
  });

  it('lets the claimant send a claim whose paid fee found it without documents', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '5000' });
    await uploadToActive(c, c.claimant.token);
    const due = await json<PaymentRequired>(await send(c), 402);
    expect(due.payment.amountCents).toBe(31375); // 250 € + 25.5 % VAT
    const phases = await json<PhaseView[]>(
      await call('GET', `/api/dispute/${c.dispute.id}/phases`, c.claimant.token),
      200,
    );
    const file = phases[0]!.attachments[0]!;
    expect((await call('DELETE', `/api/dispute/attachments/${file.id}`, c.claimant.token)).status).toBeLessThan(300);
    await pay(due.payment.id);
    expect(await activePhase(c)).toBe('Claim');
    await uploadToActive(c, c.claimant.token, 'Kanne2.pdf');
    await json(await send(c), 200);
    expect(invitationsTo(c.dispute.respondent.email)).toBe(1);
  });

  it.each(['payment.advanceClaim', 'payment.inviteRespondent'])(
    'a crash after %s: the sweep finishes, the respondent is invited exactly once',
    async (step) => {
      const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
      await uploadToActive(c, c.claimant.token);
      const due = await json<PaymentRequired>(await send(c), 402);
      crashAt = step;
      // The provider gets its acknowledgement all the same.
      expect(await pay(due.payment.id)).toMatchObject({ outcome: 'settled' });
      expect(crashAt).toBeUndefined();
      // The crash came after the step's work and before the step was taken off the payment.
      expect((await paymentsOf(c.dispute.id))[0]!.stepsLeft).toHaveLength(step === 'payment.advanceClaim' ? 2 : 1);
      const sweep = timers.find((timer) => timer.name === 'sweepPaidSteps')!;
      // Within its grace the sweep leaves a fresh payment to its webhook.
      await sweep.handler(host.deps, new AbortController().signal);
      expect((await paymentsOf(c.dispute.id))[0]!.stepsLeft).toBeDefined();
      clock.advance(3 * 60_000);
      await sweep.handler(host.deps, new AbortController().signal);
      await sweep.handler(host.deps, new AbortController().signal);
      expect((await paymentsOf(c.dispute.id))[0]!.stepsLeft).toBeUndefined();
      expect(await activePhase(c)).toBe('Response');
      expect(invitationsTo(c.dispute.respondent.email)).toBe(1);
    },
  );

  it('makes an AI decision wait for its fee (one per case, whoever asks), then starts it by itself', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
    await uploadToActive(c, c.claimant.token);
    await pay((await json<PaymentRequired>(await send(c), 402)).payment.id);
    await uploadToActive(c, c.respondent.token, 'Vastaus.pdf');
    await json(await send(c, 'ClaimantLetter1', c.respondent.token), 200);
    await json(await send(c, 'Resolution'), 200);

    const generate = (token: string) => call('POST', `/api/dispute/${c.dispute.id}/generatedecision`, token, {});
    const due = await json<PaymentRequired>(await generate(c.respondent.token), 402);
    expect(due.payment).toMatchObject({ amountCents: 112950, vatCents: 22950 }); // 900 € + VAT
    // The fee is the case's, not a side's: the claimant's request names the same payment.
    expect((await json<PaymentRequired>(await generate(c.claimant.token), 402)).payment.id).toBe(due.payment.id);
    const claimantView = await json<DisputeView>(
      await call('GET', `/api/dispute/${c.dispute.id}`, c.claimant.token),
      200,
    );
    expect(claimantView.payments?.find((p) => p.purpose === 'aiDecisionFee')).toMatchObject({
      payerSide: 'respondent',
      yours: false,
      status: 'open',
    });
    expect(claimantView.payments?.find((p) => p.purpose === 'aiDecisionFee')).not.toHaveProperty('checkoutUrl');
    // Paid: the decision asked for last (the claimant's) starts by itself, once; a later ask goes ahead unpaid.
    await pay(due.payment.id);
    const phases = await json<PhaseView[]>(
      await call('GET', `/api/dispute/${c.dispute.id}/phases`, c.claimant.token),
      200,
    );
    const decisions = phases.find((phase) => phase.type === 'Resolution')!.attachments.filter((file) => file.jobId);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.generatedBy).toMatchObject({ seat: 'claimant' });
    await api.finished(decisions[0]!.jobId!, c.respondent.token);
    expect((await paymentsOf(c.dispute.id)).find((p) => p.purpose === 'aiDecisionFee')!.stepsLeft).toBeUndefined();
    const again = await json<{ data: { jobId: string } }>(await generate(c.claimant.token), 202);
    await api.finished(again.data.jobId, c.claimant.token);
    expect(await paymentsOf(c.dispute.id)).toHaveLength(2);
  });

  it('refuses a final case its due points (409) and its open payment at the checkout', async () => {
    const claimant = await api.signedInUser({ email: uniqueEmail('final-claimant') });
    const finished = await writeFinishedCase(host, clock, {
      tenantId: claimant.user.tenantId,
      claimantEmail: claimant.user.email,
      respondentEmail: uniqueEmail('final-respondent'),
    });
    const id = finished.dispute.id;
    const generate = await json<ApiErrorBody>(
      await call('POST', `/api/dispute/${id}/generatedecision`, claimant.token, {}),
      409,
    );
    expect(generate.code).toBe('case_final');
    expect(
      (await json<ApiErrorBody>(await call('POST', `/api/dispute/${id}/phase/Response`, claimant.token), 409)).code,
    ).toBe('case_final');
    expect(await paymentsOf(id)).toEqual([]);

    // A payment left open when its case became final is refused at the checkout.
    const paymentId = crypto.randomUUID();
    const now = clock.now().toISOString();
    await host.deps.store.collection<PaymentDocument>('payments').create({
      id: paymentId,
      pk: paymentId,
      tenantId: claimant.user.tenantId,
      disputeId: id,
      purpose: 'aiDecisionFee',
      payerSide: 'claimant',
      payerUserId: claimant.user.id,
      netCents: 90000,
      vatCents: 22950,
      scheduleRevision: 1,
      ledger: openLedger(112950),
      dueBy: now,
      createdAt: now,
      updatedAt: now,
    });
    const refused = await json<ApiErrorBody>(await call('POST', `/api/payments/test/${paymentId}/pay`), 409);
    expect(refused.code).toBe('case_final');
    expect((await paymentsOf(id))[0]!.ledger.status).toBe('open');
  });
});
