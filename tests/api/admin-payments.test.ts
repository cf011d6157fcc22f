import { randomUUID } from 'node:crypto';
import { applyLedgerEvent, openLedger, type AdminPaymentsOverview } from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import {
  createPaymentDocument,
  type NewPayment,
  type PaymentDocument,
} from '../../functions/src/services/payments/payment-document.js';
import { apiClient, uniqueEmail } from './support/api-client.js';
import type { SignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * What administrators see of the payments (docs/fees.md "What administrators see"): the list with case
 * number, payer and amounts, the outstanding ones with their age, revenue and VAT by Finnish month with
 * reverse-charge sales apart, and the bookkeeping CSV — a tenant administrator the tenant's only, a
 * super-administrator every tenant's. The payments are written as a due point would write them and settled
 * through the ledger as a notification would.
 */

const api = apiClient(() => host);
const { call, json, signedInUser } = api;
let root: SignedInUser;
let tenantAdmin: SignedInUser;
let tenantId: string;
let payer: SignedInUser;

const payments = () => host.deps.store.collection<PaymentDocument>('payments');

const host = useTestHost();
beforeAll(async () => {
  root = await signedInUser({ email: uniqueEmail('pay-root'), roles: ['SuperAdmin'] });
  // A payer whose name a spreadsheet would read as a formula, in a tenant of its own.
  payer = await signedInUser({ email: uniqueEmail('payer'), fullName: '=SUM(A1) Äijälä' }, { ownTenant: true });
  tenantId = payer.user.tenantId;
  tenantAdmin = await signedInUser({ email: uniqueEmail('pay-admin'), roles: ['Admin'], tenantId });
});

async function payment(over: Partial<NewPayment> = {}, paidAt?: string, createdAt?: string): Promise<PaymentDocument> {
  const created = await createPaymentDocument(host.deps, {
    tenantId,
    disputeId: randomUUID(),
    purpose: 'filingFee',
    payerUserId: payer.user.id,
    netCents: 60_000,
    vatCents: 15_300,
    vatRateBasisPoints: 2550,
    reverseCharge: false,
    scheduleRevision: 1,
    ...over,
  });
  let next: PaymentDocument = createdAt ? { ...created, createdAt } : created;
  if (paidAt) {
    const { ledger } = applyLedgerEvent(next.ledger, {
      eventId: `evt_${randomUUID()}`,
      kind: 'paid',
      providerRef: `cs_${randomUUID()}`,
      amountCents: next.ledger.dueCents,
      createdAtMs: Date.parse(paidAt),
    });
    next = { ...next, ledger, method: 'card', receipt: { documentId: 'receipt-1', number: 'R-2026-000001' } };
  }
  return payments().replace(next);
}

describe('the payments view', () => {
  it('lists a tenant’s payments, the outstanding ones with their age, and revenue and VAT by Finnish month', async () => {
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000 - 60_000).toISOString();
    const march = await payment({}, '2026-03-10T10:00:00Z');
    // 22:30 UTC on 31 March is 1 April in Helsinki: April's revenue.
    await payment({ netCents: 20_000, vatCents: 5_100, purpose: 'aiDecisionFee' }, '2026-03-31T22:30:00Z');
    await payment({ netCents: 50_000, vatCents: 0, reverseCharge: true }, '2026-03-20T10:00:00Z');
    const open = await payment({ purpose: 'tribunalAdvanceShare' }, undefined, tenDaysAgo);
    // Another tenant's payment, which the tenant administrator never sees.
    const elsewhere = await payment({ tenantId: 'default' }, '2026-03-11T10:00:00Z');

    const view = await json<AdminPaymentsOverview>(
      await call('GET', '/api/superadmin/payments', tenantAdmin.token),
      200,
    );
    expect(view.payments).toHaveLength(4);
    expect(view.payments.every((entry) => entry.tenantId === tenantId)).toBe(true);
    expect(view.payments.map((entry) => entry.id)).not.toContain(elsewhere.id);
    expect(view.payments.find((entry) => entry.id === march.id)).toMatchObject({
      status: 'paid',
      method: 'card',
      purpose: 'filingFee',
      payer: { userId: payer.user.id, name: '=SUM(A1) Äijälä', email: payer.user.email },
      netCents: 60_000,
      vatCents: 15_300,
      grossCents: 75_300,
      receivedCents: 75_300,
      reverseCharge: false,
      receiptNumber: 'R-2026-000001',
      paidAt: '2026-03-10T10:00:00.000Z',
    });
    expect(view.outstanding.map((entry) => [entry.id, entry.ageDays])).toEqual([[open.id, 10]]);
    expect(view.monthly).toEqual([
      {
        month: '2026-04',
        payments: 1,
        netCents: 20_000,
        vatCents: 5_100,
        grossCents: 25_100,
        reverseChargeNetCents: 0,
      },
      {
        month: '2026-03',
        payments: 2,
        netCents: 60_000,
        vatCents: 15_300,
        grossCents: 75_300,
        reverseChargeNetCents: 50_000,
      },
    ]);

    // The super-administrator sees every tenant's, with the case number of a real case.
    const { dispute, claimant } = await api.openCase();
    const withCase = await payment({ tenantId: 'default', disputeId: dispute.id, payerUserId: claimant.user.id });
    const all = await json<AdminPaymentsOverview>(await call('GET', '/api/superadmin/payments', root.token), 200);
    expect(all.payments.map((entry) => entry.id)).toEqual(expect.arrayContaining([elsewhere.id, march.id, open.id]));
    expect(all.payments.find((entry) => entry.id === withCase.id)).toMatchObject({
      caseNumber: dispute.caseNumber,
      payer: { userId: claimant.user.id, email: claimant.user.email },
    });

    const plainUser = await signedInUser({ email: uniqueEmail('plain') });
    expect((await call('GET', '/api/superadmin/payments', plainUser.token)).status).toBe(403);
    expect((await call('GET', '/api/superadmin/payments/export', plainUser.token)).status).toBe(403);
  });

  it('exports the tenant’s payments as semicolon-separated UTF-8 CSV with a byte-order mark, audited', async () => {
    const response = await call('GET', '/api/superadmin/payments/export', tenantAdmin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="?payments-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // TextDecoder drops the byte-order mark itself.
    const text = new TextDecoder().decode(bytes);
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(
      'Payment;Tenant;Case number;Purpose;Payer;Payer email;Status;Method;Created;Paid;Net EUR;VAT EUR;Gross EUR;Received EUR;Reverse charge;Promo code;Receipt',
    );
    const stored = await payments().query({ where: [{ field: 'tenantId', op: '=', value: tenantId }] });
    expect(lines).toHaveLength(stored.items.length + 1);
    expect(lines.slice(1).every((line) => line.split(';')[1] === tenantId)).toBe(true);
    const marchRow = lines.find((line) => line.includes(';2026-03-10;'))!.split(';');
    // The formula-like name is defused with an apostrophe; amounts carry a decimal comma.
    expect(marchRow.slice(4, 16)).toEqual([
      "'=SUM(A1) Äijälä",
      payer.user.email,
      'paid',
      'card',
      marchRow[8],
      '2026-03-10',
      '600,00',
      '153,00',
      '753,00',
      '753,00',
      'no',
      '',
    ]);
    expect(lines.find((line) => line.includes(';2026-03-20;'))).toContain(';500,00;0,00;500,00;500,00;yes;');

    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [{ field: 'action', op: '=', value: 'ExportPayments' }],
    });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({ userId: tenantAdmin.user.id, tenantId, success: true });
    expect(audit.items[0]!.details).toBe(`CSV export of ${stored.items.length} payments`);
  });
});

describe('the payments view’s filters', () => {
  it('narrows the list, the outstanding, the months and the CSV by status, method, month and a search, in scope', async () => {
    // A tenant of its own, so the other tests' payments do not count here.
    const buyer = await signedInUser(
      { email: uniqueEmail('filter-payer'), fullName: 'Kaisa Kuusela' },
      { ownTenant: true },
    );
    const filterTenant = buyer.user.tenantId;
    const filterAdmin = await signedInUser({
      email: uniqueEmail('filter-admin'),
      roles: ['Admin'],
      tenantId: filterTenant,
    });
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const numbered = (n: number) => `RAT-2026-${suffix}${n}`;
    const write = async (over: Partial<PaymentDocument>) => {
      const created = await createPaymentDocument(host.deps, {
        tenantId: filterTenant,
        disputeId: randomUUID(),
        purpose: 'filingFee',
        payerUserId: buyer.user.id,
        netCents: 60_000,
        vatCents: 15_300,
        vatRateBasisPoints: 2550,
        reverseCharge: false,
        scheduleRevision: 1,
      });
      return payments().replace({ ...created, ...over });
    };
    const paidBy = (ref: string, at: string) =>
      applyLedgerEvent(openLedger(75_300), {
        eventId: `evt_${randomUUID()}`,
        kind: 'paid',
        providerRef: ref,
        amountCents: 75_300,
        createdAtMs: Date.parse(at),
      }).ledger;
    // Paid by card in March; an invoice still open, opened in April; an invoice paid by a reference payment at
    // 22:30 UTC on 31 March (1 April in Helsinki); and another tenant's payment with a similar case number.
    const card = await write({
      caseNumber: numbered(1),
      createdAt: '2026-03-09T08:00:00.000Z',
      providerRef: `cs_${suffix}`,
      ledger: paidBy(`cs_${suffix}`, '2026-03-10T10:00:00Z'),
    });
    const invoiced = await write({
      caseNumber: numbered(2),
      createdAt: '2026-04-02T08:00:00.000Z',
      providerRef: `cs_${suffix}2`,
      invoice: {
        documentId: 'invoice-1',
        number: 'L-000001',
        reference: '10000016',
        rf: 'RF9510000016',
        issuedAt: '2026-04-02T08:00:00.000Z',
        dueDate: '2026-04-16',
      },
    });
    const banked = await write({
      caseNumber: numbered(3),
      createdAt: '2026-03-20T08:00:00.000Z',
      ledger: paidBy(`bank:${suffix}`, '2026-03-31T22:30:00Z'),
    });
    const foreign = await write({
      tenantId: 'default',
      caseNumber: numbered(4),
      createdAt: '2026-04-03T08:00:00.000Z',
    });

    const list = async (query: string, token = filterAdmin.token) =>
      json<AdminPaymentsOverview>(await call('GET', `/api/superadmin/payments?${query}`, token), 200);
    const ids = (overview: AdminPaymentsOverview) => overview.payments.map((entry) => entry.id);

    expect(ids(await list(''))).toEqual([invoiced.id, banked.id, card.id]);
    const open = await list('status=open');
    expect(ids(open)).toEqual([invoiced.id]);
    expect(open.outstanding.map((entry) => entry.id)).toEqual([invoiced.id]);
    expect(open.monthly).toEqual([]);
    expect(ids(await list('method=invoice'))).toEqual([invoiced.id, banked.id]);
    expect(ids(await list('method=card'))).toEqual([card.id]);
    // A paid payment's month is the month it was paid in; an unpaid one's the month it was opened in.
    expect(ids(await list('month=2026-04'))).toEqual([invoiced.id, banked.id]);
    expect(ids(await list('month=2026-03'))).toEqual([card.id]);
    const aprilPaid = await list('status=paid&month=2026-04');
    expect(ids(aprilPaid)).toEqual([banked.id]);
    expect(aprilPaid.monthly.map((row) => [row.month, row.payments, row.grossCents])).toEqual([['2026-04', 1, 75_300]]);
    // The search: a case number's part, or the payer's name or e-mail address in any case.
    expect(ids(await list(`q=${suffix.toLowerCase()}1`))).toEqual([card.id]);
    expect(ids(await list('q=kuusela'))).toHaveLength(3);
    expect(ids(await list(`q=${encodeURIComponent(buyer.user.email.toUpperCase())}&method=card`))).toEqual([card.id]);
    expect(ids(await list('q=nobody-at-all'))).toEqual([]);
    // An empty parameter is no filter, as the tab's "All" sends it.
    expect(ids(await list('status=&method=&month=&q='))).toHaveLength(3);

    // The tenant administrator never sees another tenant's, whatever the search; the super-administrator does.
    expect(ids(await list(`q=${numbered(4)}`))).toEqual([]);
    expect(ids(await list(`q=${numbered(4)}`, root.token))).toEqual([foreign.id]);
    expect(ids(await list(`q=${suffix}`, root.token))).toEqual([foreign.id, invoiced.id, banked.id, card.id]);

    // The CSV honours the same filters, and its audit entry names them.
    const csv = await call('GET', '/api/superadmin/payments/export?method=invoice&q=kuusela', filterAdmin.token);
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).split('\r\n').filter((line) => line !== '');
    expect(rows.slice(1).map((line) => line.split(';')[0])).toEqual([invoiced.id, banked.id]);
    expect(rows.slice(1).map((line) => line.split(';')[7])).toEqual(['invoice', 'invoice']);
    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'action', op: '=', value: 'ExportPayments' },
        { field: 'userId', op: '=', value: filterAdmin.user.id },
      ],
    });
    expect(audit.items.map((entry) => entry.details)).toEqual(['CSV export of 2 payments (method=invoice, q=kuusela)']);
  });

  it('refuses a filter it does not know with 400 naming the parameter, the CSV alike', async () => {
    for (const [query, field] of [
      ['status=unpaid', 'status'],
      ['method=cash', 'method'],
      ['month=2026-13', 'month'],
      ['month=March', 'month'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      for (const path of ['/api/superadmin/payments', '/api/superadmin/payments/export']) {
        const body = await json<{ code: string; fields: Record<string, string> }>(
          await call('GET', `${path}?${query}`, root.token),
          400,
        );
        expect(body.code, `${path}?${query}`).toBe('validation_failed');
        expect(Object.keys(body.fields), `${path}?${query}`).toEqual([field]);
      }
    }
  });
});
