import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminPaymentsOverview, PromoCodeView, TenantView } from '@ratkaisu/core';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { useScreenTestFrame, withQueries } from '../../../test/render-app';
import { PaymentsTab } from './PaymentsTab';

/** The Payments tab (docs/fees.md "What administrators see") against fixture answers of the payments routes. */

const tenants: TenantView[] = [
  {
    id: 't-acme',
    name: 'Acme Oy',
    domain: 'acme.fi',
    azureTenantId: 'd-2',
    isActive: true,
    isDefault: false,
    createdAt: '2025-02-01T10:00:00Z',
  },
];

const overview: AdminPaymentsOverview = {
  payments: [
    {
      id: 'pay-1',
      tenantId: 't-acme',
      disputeId: 'case-1',
      caseNumber: 'RAT-2026-000001',
      purpose: 'filingFee',
      payer: { userId: 'u-1', name: 'Maija Meikäläinen', email: 'maija@acme.fi' },
      status: 'paid',
      method: 'card',
      netCents: 60_000,
      vatCents: 15_300,
      grossCents: 75_300,
      receivedCents: 75_300,
      reverseCharge: false,
      promoCode: 'SPRING',
      receiptNumber: 'R-2026-000007',
      createdAt: '2026-03-10T09:00:00Z',
      paidAt: '2026-03-10T10:00:00Z',
    },
    {
      id: 'pay-2',
      tenantId: 't-acme',
      disputeId: 'case-2',
      purpose: 'tribunalAdvanceShare',
      payer: { userId: 'u-2', name: 'Svensk AB', email: 'ekonomi@svensk.se' },
      status: 'open',
      netCents: 500_000,
      vatCents: 0,
      grossCents: 500_000,
      receivedCents: 0,
      reverseCharge: true,
      createdAt: '2026-03-01T09:00:00Z',
      ageDays: 12,
    },
  ],
  outstanding: [],
  monthly: [
    { month: '2026-03', payments: 1, netCents: 60_000, vatCents: 15_300, grossCents: 75_300, reverseChargeNetCents: 0 },
  ],
};
overview.outstanding = [overview.payments[1]!];

useScreenTestFrame();

function renderTab(isSuperAdmin: boolean) {
  initI18n();
  return render(
    withQueries(
      <FluentProvider theme={webLightTheme}>
        <PaymentsTab tenants={tenants} isSuperAdmin={isSuperAdmin} />
      </FluentProvider>,
    ),
  );
}

describe('Payments tab', () => {
  it('lists payments with case, payer, status, method, amount with VAT and receipt; the outstanding ones; VAT by month', async () => {
    const api = mockApi({ 'GET /api/superadmin/payments': () => jsonResponse(overview) });
    renderTab(false);
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    const paid = within(rows[0]!);
    for (const text of ['RAT-2026-000001', 'Filing fee', 'Maija Meikäläinen', 'maija@acme.fi', 'Paid', 'Card']) {
      expect(paid.getByText(text)).toBeTruthy();
    }
    expect(rows[0]!.textContent).toContain('€753.00 (VAT €153.00)');
    expect(rows[0]!.textContent).toContain('Promo code: SPRING');
    expect(rows[0]!.textContent).toContain('R-2026-000007');
    expect(rows[1]!.textContent).toContain('Unpaid');
    expect(rows[1]!.textContent).toContain('Reverse charge');
    const [outstanding] = screen.getAllByTestId('outstanding-row');
    expect(outstanding!.textContent).toContain('12 days');
    expect(outstanding!.textContent).toContain('Tribunal: share of the advance');
    const [month] = screen.getAllByTestId('monthly-row');
    expect([...month!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '2026-03',
      '1',
      '€600.00',
      '€153.00',
      '€753.00',
      '€0.00',
    ]);
    // A tenant administrator sees no promo codes, and none are asked for.
    expect(screen.queryByRole('heading', { name: 'Promo codes' })).toBeNull();
    expect(api.callsTo('GET /api/superadmin/promo-codes')).toHaveLength(0);
  });

  it('downloads the bookkeeping CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:payments');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    mockApi({
      'GET /api/superadmin/payments': () => jsonResponse(overview),
      'GET /api/superadmin/payments/export': () =>
        new Response('\uFEFFPayment;Tenant\r\npay-1;t-acme\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    renderTab(false);
    await screen.findAllByTestId('payment-row');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toContain('pay-1;t-acme');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('filters by status, method, month and a search on the server, exports the same filters, and clears them', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const listed: string[] = [];
    const exported: string[] = [];
    mockApi({
      'GET /api/superadmin/payments': (_, url) => {
        listed.push(url.search);
        return jsonResponse(url.search ? { payments: [], outstanding: [], monthly: [] } : overview);
      },
      'GET /api/superadmin/payments/export': (_, url) => {
        exported.push(url.search);
        return new Response('\uFEFFPayment\r\n', { headers: { 'Content-Type': 'text/csv' } });
      },
    });
    renderTab(false);
    await screen.findAllByTestId('payment-row');
    const filters = screen.getByRole('search', { name: 'Filter the payments' });
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: 'paid' } });
    fireEvent.change(within(filters).getByLabelText('Method'), { target: { value: 'invoice' } });
    fireEvent.change(within(filters).getByLabelText(/^Month/), { target: { value: '2026-04' } });
    fireEvent.change(within(filters).getByLabelText('Case number or payer'), { target: { value: ' Meikäläinen ' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No payments match these filters.')).toBeTruthy();
    expect(new URLSearchParams(listed.at(-1))).toEqual(
      new URLSearchParams({ status: 'paid', method: 'invoice', month: '2026-04', q: 'Meikäläinen' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(exported[0]).toBe(listed.at(-1));

    fireEvent.click(within(filters).getByRole('button', { name: 'Clear' }));
    expect(await screen.findAllByTestId('payment-row')).toHaveLength(2);
    expect(listed.at(-1)).toBe('');
    expect((within(filters).getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });

  it('names the filters in Finnish', async () => {
    mockApi({ 'GET /api/superadmin/payments': () => jsonResponse(overview) });
    renderTab(false);
    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    const filters = await screen.findByRole('search', { name: 'Rajaa maksuja' });
    expect(within(filters).getByLabelText('Asianumero tai maksaja')).toBeTruthy();
    expect(within(filters).getByRole('option', { name: 'Lasku' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Rajaa' })).toBeTruthy();
  });

  it('lets a SuperAdmin create a promo code, shows a refusal in Finnish, and disables a code', async () => {
    let codes: PromoCodeView[] = [];
    const api = mockApi({
      'GET /api/superadmin/payments': () => jsonResponse({ payments: [], outstanding: [], monthly: [] }),
      'GET /api/superadmin/promo-codes': () => jsonResponse(codes),
      'POST /api/superadmin/promo-codes': (body) => {
        const input = body as { code: string; discount: { kind: 'fixed'; cents: number }; tenantId?: string };
        if (input.code === 'TAKEN') {
          return jsonResponse(
            {
              code: 'promo_code_used_up',
              reason: 'promoCodes.usedUp',
              params: {},
              message: 'Used up.',
              fields: { code: 'Used up.' },
            },
            409,
          );
        }
        const created: PromoCodeView = {
          code: input.code.toUpperCase(),
          discount: input.discount,
          usedCount: 0,
          disabled: false,
          maxUses: 5,
          createdAt: '2026-05-01T10:00:00Z',
          ...(input.tenantId ? { tenantId: input.tenantId } : {}),
        };
        codes = [created];
        return jsonResponse(created, 201);
      },
      'POST /api/superadmin/promo-codes/SPRING/disable': () => {
        codes = [{ ...codes[0]!, disabled: true }];
        return jsonResponse(codes[0]);
      },
    });
    renderTab(true);
    expect(await screen.findByText('No promo codes yet.')).toBeTruthy();
    expect(screen.getByText('No payments yet.')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /^Code/ }), { target: { value: 'spring' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Discount' }), { target: { value: 'fixed' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Amount/ }), { target: { value: '49,90' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Tenant' }), { target: { value: 't-acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Promo code SPRING created.')).toBeTruthy();
    expect(api.callsTo('POST /api/superadmin/promo-codes')[0]?.body).toEqual({
      code: 'spring',
      discount: { kind: 'fixed', cents: 4990 },
      tenantId: 't-acme',
    });
    const [row] = await screen.findAllByTestId('promo-row');
    expect(row!.textContent).toContain('€49.90');
    expect(row!.textContent).toContain('0 / 5');
    expect(row!.textContent).toContain('Acme Oy');

    // An amount that is not a number is caught before anything is sent.
    fireEvent.change(screen.getByRole('textbox', { name: /^Amount/ }), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Enter a number.')).toBeTruthy();
    expect(api.callsTo('POST /api/superadmin/promo-codes')).toHaveLength(1);

    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    fireEvent.change(screen.getByRole('textbox', { name: /^Koodi/ }), { target: { value: 'TAKEN' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Määrä/ }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Luo koodi' }));
    expect(
      await screen.findByText('Tämä kampanjakoodi on jo käytetty niin monta kertaa kuin sen saa käyttää.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Poista käytöstä SPRING' }));
    await waitFor(() => expect(screen.getAllByTestId('promo-row')[0]!.textContent).toContain('Pois käytöstä'));
    expect(api.callsTo('POST /api/superadmin/promo-codes/SPRING/disable')).toHaveLength(1);
  });
});
