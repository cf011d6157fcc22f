import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiErrorBody, CasePaymentView, DisputeView, PaymentRecordView } from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { timers } from '../../functions/src/timers.js';
import { duePaymentFor } from '../../functions/src/services/payments/due-payment.js';
import type { PaymentDocument } from '../../functions/src/services/payments/payment-document.js';
import { MovableClock } from '../support/movable-clock.js';
import { apiClient, FINNISH_CASE, uniqueEmail, type OpenCase } from './support/api-client.js';
import type { SignedInUser } from './support/seed-user.js';
import { writeFinishedCase } from './support/finished-case.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The tribunal request's fees (docs/fees.md "The tribunal's advance"): the requester's administrative fee and
 * each party's share of the advance fall due with the request; the appointment answers 402 until all three are
 * paid; a party may pay the other's share; unpaid by the pay-by date the request lapses — both reminded before and
 * told after, what was paid credited; a final case's open payments are closed and their checkouts expired.
 */

const EXAMPLE = JSON.parse(readFileSync(new URL('../../docs/fees/schedule.example.json', import.meta.url), 'utf8'));
const DAY = 86_400_000;

const clock = new MovableClock();
const api = apiClient(() => host, clock);
const { call, json } = api;
let superAdmin: SignedInUser;
let arbitrator: SignedInUser;

const host = useTestHost({}, { clock });
beforeAll(async () => {
  superAdmin = await api.signedInUser({ email: uniqueEmail('tribunal-fees-root'), roles: ['SuperAdmin'] });
  await json(await call('PUT', '/api/superadmin/fee-schedule', superAdmin.token, EXAMPLE), 200);
  arbitrator = await api.signedInUser({
    email: uniqueEmail('arbitrator'),
    tfaEnabled: true,
    arbitrator: { name: 'Aino Välimies', title: 'asianajaja', grantedAt: clock.now().toISOString(), grantedBy: 'test' },
  });
});

type PaymentRequired = ApiErrorBody & { payment: { id: string; amountCents: number; checkoutUrl: string } };

const sweep = (name: string) =>
  timers.find((timer) => timer.name === name)!.handler(host.deps, new AbortController().signal);
const pay = async (paymentId: string) =>
  json<{ outcome: string }>(await call('POST', `/api/payments/test/${paymentId}/pay`), 200);
const feesOf = async (c: OpenCase, token: string) =>
  (await json<DisputeView>(await call('GET', `/api/dispute/${c.dispute.id}`, token), 200)).payments ?? [];
const requestTribunal = (c: OpenCase, token: string) =>
  call('POST', `/api/dispute/${c.dispute.id}/tribunal/request`, token, { size: 1 });
const appoint = (c: OpenCase) =>
  call('POST', `/api/admin/tribunal/${c.dispute.id}/appoint`, superAdmin.token, {
    arbitratorIds: [arbitrator.user.id],
  });
const receiptsOf = async (user: SignedInUser) =>
  json<PaymentRecordView[]>(await call('GET', '/user/receipts', user.token), 200);

function byPurpose(fees: CasePaymentView[]) {
  const find = (purpose: string, side?: string) =>
    fees.find((fee) => fee.purpose === purpose && (!side || fee.payerSide === side))!;
  return {
    administrativeFee: find('tribunalAdministrativeFee'),
    claimant: find('tribunalAdvanceShare', 'claimant'),
    respondent: find('tribunalAdvanceShare', 'respondent'),
  };
}

async function pdfText(path: string, token: string): Promise<string> {
  const response = await call('GET', path, token);
  expect(response.status).toBe(200);
  const file = join(host.dataDir, `${randomUUID()}.pdf`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('a tribunal request with a fee schedule', () => {
  it('owes the requester’s administrative fee and each party’s share; the appointment waits for all three', async () => {
    // The respondent is a Swedish business with a VAT number: its share is reverse-charged.
    const c = await api.openCase({
      ...FINNISH_CASE,
      amountInDispute: '30000',
      respondent: { identificationNumber: 'SE556677889901' },
    });
    await json(await requestTribunal(c, c.claimant.token), 200);

    const claimantView = byPurpose(await feesOf(c, c.claimant.token));
    // 1 500,00 € + 25.5 % VAT; half of the 10 000,00 € advance of a sole arbitrator each.
    expect(claimantView.administrativeFee).toMatchObject({ yours: true, netCents: 150_000, amountCents: 188_250 });
    expect(claimantView.claimant).toMatchObject({ yours: true, netCents: 500_000, amountCents: 627_500 });
    expect(claimantView.respondent).toMatchObject({ yours: false, amountCents: 500_000, mayPayForOther: true });
    expect(claimantView.respondent.checkoutUrl).toBeUndefined();
    const respondentView = byPurpose(await feesOf(c, c.respondent.token));
    expect(respondentView.respondent).toMatchObject({ yours: true, vatCents: 0, amountCents: 500_000 });
    expect(respondentView.respondent.checkoutUrl).toMatch(/\/payments\/test\//);
    const period = Date.parse(respondentView.respondent.dueBy) - clock.now().getTime();
    expect(period).toBeGreaterThan(13.9 * DAY);
    expect(period).toBeLessThanOrEqual(14 * DAY);

    const first = await json<PaymentRequired>(await appoint(c), 402);
    expect(first.payment).toMatchObject({ id: claimantView.administrativeFee.id, amountCents: 188_250 });
    await pay(claimantView.administrativeFee.id);
    await pay(claimantView.claimant.id);
    const second = await json<PaymentRequired>(await appoint(c), 402);
    expect(second.payment).toMatchObject({ id: claimantView.respondent.id, amountCents: 500_000 });
    await pay(claimantView.respondent.id);
    await json(await appoint(c), 200);
    // A second request in the same case is still refused as before.
    await json(await requestTribunal(c, c.respondent.token), 409);
  });

  it('lets one party pay both shares: the other’s share becomes its payment, the receipt names it', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
    await json(await requestTribunal(c, c.respondent.token), 200);
    const before = byPurpose(await feesOf(c, c.claimant.token));
    expect(before.administrativeFee).toMatchObject({ payerSide: 'respondent', yours: false });

    // Its own share is not the other party's to take over.
    const own = await json<ApiErrorBody>(
      await call('POST', `/api/dispute/${c.dispute.id}/tribunal/advance/claimant/pay`, c.claimant.token),
      400,
    );
    expect(own.code).toBe('validation_failed');
    const taken = await json<{ data: { id: string; amountCents: number; checkoutUrl: string } }>(
      await call('POST', `/api/dispute/${c.dispute.id}/tribunal/advance/respondent/pay`, c.claimant.token),
      200,
    );
    expect(taken.data).toMatchObject({ id: before.respondent.id, amountCents: 627_500 });
    expect(taken.data.checkoutUrl).toMatch(/\/payments\/test\//);
    // Asked again, the same payment; the respondent is told once.
    await json(
      await call('POST', `/api/dispute/${c.dispute.id}/tribunal/advance/respondent/pay`, c.claimant.token),
      200,
    );
    expect(
      api.mailsTo(c.respondent.user.email).filter((mail) => /The claimant is paying the respondent's share/.test(mail)),
    ).toHaveLength(1);

    const claimantView = byPurpose(await feesOf(c, c.claimant.token));
    expect(claimantView.respondent).toMatchObject({ yours: true, paidBySide: 'claimant' });
    const respondentView = byPurpose(await feesOf(c, c.respondent.token));
    expect(respondentView.respondent).toMatchObject({ yours: false, paidBySide: 'claimant' });
    expect(respondentView.respondent.checkoutUrl).toBeUndefined();

    await pay(before.claimant.id);
    await pay(before.respondent.id);
    await json<PaymentRequired>(await appoint(c), 402); // the respondent's administrative fee
    await pay(before.administrativeFee.id);
    await json(await appoint(c), 200);

    // Once paid, the share is no longer the respondent's to take back.
    const late = await json<ApiErrorBody>(
      await call('POST', `/api/dispute/${c.dispute.id}/tribunal/advance/claimant/pay`, c.respondent.token),
      409,
    );
    expect(late.code).toBe('share_not_transferable');

    const receipts = await receiptsOf(c.claimant);
    const shareReceipt = receipts.find((receipt) => receipt.paymentId === before.respondent.id)!;
    expect(shareReceipt).toMatchObject({ kind: 'receipt', grossCents: 627_500 });
    const text = await pdfText(`/user/receipts/${shareReceipt.id}/pdf`, c.claimant.token);
    expect(text).toContain('Rakennus Oy');
    expect(text).not.toContain('Teräs Oy');
    expect(await receiptsOf(c.respondent)).toHaveLength(1); // its administrative fee only
  });

  it('reminds both before the pay-by date, then lapses the request, credits what was paid and tells both', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
    // The respondent reads Finnish.
    await json(await call('POST', '/user/update-language', c.respondent.token, { language: 'fi' }), 200);
    await json(await requestTribunal(c, c.claimant.token), 200);
    const fees = byPurpose(await feesOf(c, c.claimant.token));
    await pay(fees.administrativeFee.id);
    await pay(fees.claimant.id);
    const claimantMail = c.coClaimant.user.email;
    const respondentMail = c.respondent.user.email;
    const told = (email: string, pattern: RegExp) => api.mailsTo(email).filter((mail) => pattern.test(mail)).length;

    // Nothing yet ten days in.
    clock.advance(10 * DAY);
    await sweep('lapseTribunalRequests');
    expect(told(claimantMail, /is still unpaid/)).toBe(0);
    // Three days before the pay-by date both are reminded, once, each in their language.
    clock.advance(2 * DAY);
    await sweep('lapseTribunalRequests');
    await sweep('lapseTribunalRequests');
    expect(
      told(claimantMail, /Of the request for a tribunal, the respondent's share of the advance[^\n]* is still unpaid/),
    ).toBe(1);
    expect(told(respondentMail, /on maksamatta vastaajan osuus välimiesten palkkioiden ennakosta; eräpäivä/)).toBe(1);
    // Days passed and the sessions ended: the parties sign in again (seed-user.ts's password).
    const signInAgain = async (user: SignedInUser) => (await api.signIn(user.user.email, 'user password 1')).token;
    let claimantToken = await signInAgain(c.claimant);
    expect(
      await json<DisputeView>(await call('GET', `/api/dispute/${c.dispute.id}`, claimantToken), 200),
    ).toMatchObject({
      tribunal: { status: 'Requested' },
    });

    // Past the pay-by date the request lapses: the case is back where it was, with no tribunal.
    clock.advance(2 * DAY + 60_000);
    await sweep('lapseTribunalRequests');
    await sweep('lapseTribunalRequests');
    claimantToken = await signInAgain(c.claimant);
    const respondentToken = await signInAgain(c.respondent);
    const view = await json<DisputeView>(await call('GET', `/api/dispute/${c.dispute.id}`, claimantToken), 200);
    expect(view.tribunal).toBeUndefined();
    expect(view.payments).toBeUndefined();
    expect(told(claimantMail, /The request for a tribunal has lapsed: the respondent's share/)).toBe(1);
    expect(told(respondentMail, /Välimiesoikeutta koskeva pyyntö raukesi, koska vastaajan osuus/)).toBe(1);
    // What the claimant paid is credited, each with a credit note; the lapse is audited.
    const credits = (await receiptsOf({ ...c.claimant, token: claimantToken })).filter(
      (record) => record.kind === 'creditNote',
    );
    expect(credits.map((credit) => credit.grossCents).sort()).toEqual([188_250, 627_500]);
    const creditText = await pdfText(`/user/receipts/${credits[0]!.id}/pdf`, claimantToken);
    expect(creditText).toContain('lapsed');
    const audit = await host.deps.store
      .collection<{ id: string; pk: string; action: string; entityId: string }>('audit')
      .query({
        where: [{ field: 'action', op: '=', value: 'LapseTribunalRequest' }],
        limit: 50,
      });
    expect(audit.items.filter((entry) => entry.entityId === c.dispute.id)).toHaveLength(1);
    // The unpaid share is closed: its checkout refuses payment.
    const closed = await json<ApiErrorBody>(await call('POST', `/api/payments/test/${fees.respondent.id}/pay`), 409);
    expect(closed.code).toBe('payment_closed');

    // A new request owes its fees afresh, as new payments.
    await json(await requestTribunal(c, respondentToken), 200);
    const again = byPurpose(await feesOf(c, respondentToken));
    expect(again.administrativeFee).toMatchObject({ payerSide: 'respondent', status: 'open', yours: true });
    expect([again.claimant.id, again.respondent.id]).not.toContain(fees.claimant.id);
  });
});

describe('three arbitrators asked, a sole arbitrator after all', () => {
  it('re-prices the unpaid share, credits the paid one the difference and tells both, once', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
    await json(await call('POST', '/user/update-language', c.respondent.token, { language: 'fi' }), 200);
    await json(await call('POST', `/api/dispute/${c.dispute.id}/tribunal/request`, c.claimant.token, { size: 3 }), 200);
    const before = byPurpose(await feesOf(c, c.claimant.token));
    // Three arbitrators' advance, 25 000,00 € net: 12 500,00 € + 25.5 % VAT each.
    expect(before.claimant).toMatchObject({ netCents: 1_250_000, amountCents: 1_568_750 });
    await pay(before.claimant.id);
    const payments = host.deps.store.collection<PaymentDocument>('payments');
    const oldRef = (await payments.read(before.respondent.id, before.respondent.id))!.providerRef!;

    // The respondent refuses three: a sole arbitrator, and at once a sole arbitrator's advance (10 000,00 €).
    await json(
      await call('POST', `/api/dispute/${c.dispute.id}/tribunal/size`, c.respondent.token, { agree: false }),
      200,
    );
    await sweep('resizeTribunalAdvances');
    const after = byPurpose(await feesOf(c, c.respondent.token));
    expect(after.respondent).toMatchObject({ netCents: 500_000, amountCents: 627_500, status: 'open', yours: true });
    expect(after.respondent.checkoutUrl).toMatch(/\/payments\/test\//);
    // Its old checkout, for three arbitrators' share, was expired; the new one is another.
    expect(await host.deps.payments.expireCheckout(oldRef)).toBe('not_open');
    const respondentShare = (await payments.read(before.respondent.id, before.respondent.id))!;
    expect(respondentShare.providerRef).not.toBe(oldRef);

    // The claimant's paid share is credited the difference, VAT included, by a credit note; once.
    const claimantShare = (await payments.read(before.claimant.id, before.claimant.id))!;
    expect(claimantShare.resized).toMatchObject({
      fromNetCents: 1_250_000,
      toNetCents: 500_000,
      creditedCents: 941_250,
    });
    expect(claimantShare.credits).toEqual([
      expect.objectContaining({ kind: 'tribunalResize', grossCents: 941_250, number: expect.stringMatching(/^H-/) }),
    ]);
    const credit = (await receiptsOf(c.claimant)).find((record) => record.kind === 'creditNote')!;
    expect(credit).toMatchObject({ grossCents: 941_250, paymentId: before.claimant.id });
    const text = await pdfText(`/user/receipts/${credit.id}/pdf`, c.claimant.token);
    expect(text).toContain('sole arbitrator');
    expect(text).toContain('1,912.50'); // the VAT reversed: 25.5 % of the 7 500,00 € net credited

    // Both told, each in their language, once; audited once.
    const told = (email: string, pattern: RegExp) => api.mailsTo(email).filter((mail) => pattern.test(mail)).length;
    expect(told(c.coClaimant.user.email, /each share of the advance[^\n]* is now a sole arbitrator/)).toBe(1);
    expect(told(c.respondent.user.email, /osuus välimiesten palkkioiden ennakosta on nyt yhden välimiehen/)).toBe(1);
    const audit = await host.deps.store
      .collection<{ id: string; pk: string; action: string; entityId: string }>('audit')
      .query({ where: [{ field: 'action', op: '=', value: 'ResizeTribunalAdvance' }], limit: 100 });
    expect(audit.items.filter((entry) => entry.entityId === c.dispute.id)).toHaveLength(1);

    // The new price is what is paid; then the sole arbitrator is appointed (by a super-administrator signed in
    // now: the lapse test above moved the clock past the first one's session).
    expect(await pay(before.respondent.id)).toMatchObject({ outcome: 'settled' });
    await pay(before.administrativeFee.id);
    superAdmin = await api.signedInUser({ email: uniqueEmail('tribunal-fees-root'), roles: ['SuperAdmin'] });
    await json(await appoint(c), 200);
  });
});

describe('the fees order against the advance', () => {
  /** A case whose sole arbitrator's advance (10 000,00 € net) both parties paid, and an issued award fixing `fees`. */
  async function awardFixing(feesCents: number) {
    const c = await api.openCase({ ...FINNISH_CASE, amountInDispute: '30000' });
    await json(await requestTribunal(c, c.claimant.token), 200);
    const fees = byPurpose(await feesOf(c, c.claimant.token));
    for (const payment of [fees.administrativeFee, fees.claimant, fees.respondent]) await pay(payment.id);
    const awardId = randomUUID();
    // The award as issued (services/awards): only what the settlement reads is written here.
    await host.deps.store.collection<{ id: string; pk: string }>('awards').create({
      id: awardId,
      pk: awardId,
      disputeId: c.dispute.id,
      kind: 'award',
      status: 'Issued',
      issuedAt: clock.now().toISOString(),
      dispositive: {
        orders: [
          {
            kind: 'payment',
            debtor: 'respondent',
            creditor: 'claimant',
            amountCents: 2_000_000,
            text: 'Maksu.',
            references: [],
          },
          { kind: 'fees', debtor: 'respondent', amountCents: feesCents, text: 'Palkkiot.', references: [] },
        ],
      },
    } as never);
    return { c, fees };
  }
  const auditOf = async (disputeId: string) =>
    (
      await host.deps.store
        .collection<{ id: string; pk: string; action: string; entityId: string; details: string }>('audit')
        .query({ where: [{ field: 'action', op: '=', value: 'SettleTribunalAdvance' }], limit: 100 })
    ).items.filter((entry) => entry.entityId === disputeId);

  it('credits each payer its half of an advance beyond the fees fixed, once', async () => {
    const { c, fees } = await awardFixing(800_000);
    await sweep('settleTribunalAdvances');
    await sweep('settleTribunalAdvances');
    // 2 000,00 € net left of the advance: 1 000,00 € + 25.5 % VAT back to each share's payer.
    const payments = host.deps.store.collection<PaymentDocument>('payments');
    for (const share of [fees.claimant, fees.respondent]) {
      const stored = (await payments.read(share.id, share.id))!;
      expect(stored.credits?.filter((credit) => credit.kind === 'feesOrder')).toEqual([
        expect.objectContaining({ grossCents: 125_500, number: expect.stringMatching(/^H-/) }),
      ]);
    }
    const credit = (await receiptsOf(c.respondent)).find((record) => record.kind === 'creditNote')!;
    expect(credit).toMatchObject({ grossCents: 125_500, paymentId: fees.respondent.id });
    expect(await pdfText(`/user/receipts/${credit.id}/pdf`, c.respondent.token)).toContain('below the advance');
    expect(await auditOf(c.dispute.id)).toEqual([
      expect.objectContaining({ details: expect.stringContaining('200000 credited') }),
    ]);
  });

  it('invoices each party its half of fees beyond the advance, once, payable after the award', async () => {
    const { c, fees } = await awardFixing(1_300_000);
    await sweep('settleTribunalAdvances');
    await sweep('settleTribunalAdvances');
    const view = byPurposeShortfall(await feesOf(c, c.respondent.token));
    // 3 000,00 € net beyond: 1 500,00 € + 25.5 % VAT from each.
    expect(view.claimant).toMatchObject({ yours: false, netCents: 150_000, amountCents: 188_250, status: 'open' });
    expect(view.respondent).toMatchObject({ yours: true, netCents: 150_000, amountCents: 188_250 });
    expect(view.respondent.checkoutUrl).toMatch(/\/payments\/test\//);
    expect(await pay(view.respondent.id)).toMatchObject({ outcome: 'settled' });
    expect((await receiptsOf(c.respondent)).map((record) => record.paymentId)).toContain(view.respondent.id);
    // The shares themselves are not credited.
    const share = await host.deps.store
      .collection<PaymentDocument>('payments')
      .read(fees.claimant.id, fees.claimant.id);
    expect(share!.credits).toBeUndefined();
    expect(await auditOf(c.dispute.id)).toEqual([
      expect.objectContaining({ details: expect.stringContaining('300000 invoiced') }),
    ]);
  });
});

function byPurposeShortfall(fees: CasePaymentView[]) {
  const find = (side: string) =>
    fees.find((fee) => fee.purpose === 'tribunalAdvanceShortfall' && fee.payerSide === side)!;
  return { claimant: find('claimant'), respondent: find('respondent') };
}

describe('a final case', () => {
  it('closes its open payments and expires their checkouts; paying them is refused', async () => {
    const claimant = await api.signedInUser({ email: uniqueEmail('final-claimant') });
    const finished = await writeFinishedCase(host, clock, {
      tenantId: claimant.user.tenantId,
      claimantEmail: claimant.user.email,
      respondentEmail: uniqueEmail('final-respondent'),
    });
    // A payment opened while the case was open, with its checkout.
    const payment = (await duePaymentFor(host.deps, {
      tenantId: claimant.user.tenantId,
      disputeId: finished.dispute.id,
      caseName: finished.dispute.name,
      purpose: 'aiDecisionFee',
      payerSide: 'claimant',
      payerUserId: claimant.user.id,
      amountInDisputeCents: 3_000_000,
    }))!;
    expect(payment.providerRef).toBeDefined();
    await sweep('closeFinalCasePayments');
    await sweep('closeFinalCasePayments');
    const stored = await host.deps.store.collection<PaymentDocument>('payments').read(payment.id, payment.id);
    expect(stored!.closed).toMatchObject({ reason: 'caseFinal' });
    // The checkout was expired at the provider: asked again, it is no longer open.
    expect(await host.deps.payments.expireCheckout(payment.providerRef!)).toBe('not_open');
    const refused = await json<ApiErrorBody>(await call('POST', `/api/payments/test/${payment.id}/pay`), 409);
    expect(refused.code).toBe('case_final');
  });
});
