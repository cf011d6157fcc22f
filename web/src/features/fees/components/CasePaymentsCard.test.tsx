import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CasePaymentView, DisputeView } from '@ratkaisu/core';
import { useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { caseScope } from '../../../api/query-scopes';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi, type MockHandler } from '../../../test/mock-api';
import { resetStores, withQueries } from '../../../test/render-app';
import { CasePaymentsCard } from './CasePaymentsCard';

const DUE: CasePaymentView = {
  id: 'p1',
  purpose: 'filingFee',
  payerSide: 'claimant',
  yours: true,
  netCents: 60000,
  vatCents: 15300,
  amountCents: 75300,
  status: 'open',
  dueBy: '2026-12-12T10:00:00Z',
  checkoutUrl: 'http://localhost/payments/test/p1',
  invoiceUrl: '/api/payments/p1/invoice',
};

const dispute = (overrides: Partial<DisputeView>): DisputeView =>
  ({ id: 'd1', side: 'claimant', status: 'Pending', ...overrides }) as DisputeView;

/**
 * The card as the case page shows it: the case comes from the query cache under the case's scope (as the page's
 * own query does), so an action that refreshes the case shows as a further GET of it, and its answer is shown.
 */
function CaseHarness() {
  const { data } = useQuery({
    queryKey: [...caseScope('d1'), 'harness'],
    queryFn: async () => (await fetch('/api/dispute/d1').then((response) => response.json())) as DisputeView,
  });
  return data ? <CasePaymentsCard dispute={data} /> : <span data-testid="case-loading" />;
}

/** Renders the card for `view` (the case's GET answers `current()`, which a test may change); waits for it. */
function renderCard(
  view: DisputeView,
  routes: Record<string, MockHandler> = {},
  current: () => DisputeView = () => view,
) {
  const api = mockApi({ 'GET /api/dispute/d1': () => jsonResponse(current()), ...routes });
  const result = render(
    withQueries(
      <FluentProvider theme={webLightTheme}>
        <CaseHarness />
      </FluentProvider>,
    ),
  );
  const caseLoads = () => api.callsTo('GET /api/dispute/d1').length;
  return { ...result, api, caseLoads };
}

/** Waits for the first load of the case into the card (or its absence). */
const loaded = () => waitFor(() => expect(screen.queryByTestId('case-loading')).toBeNull());

describe('the case page’s Fees card', () => {
  beforeEach(() => {
    initI18n();
    resetStores();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is not there when no fees are charged and nothing was paid', async () => {
    const { container } = renderCard(dispute({ amountInDisputeCents: 3_000_000 }));
    await loaded();
    expect(container.textContent).toBe('');
  });

  it('tells the payer what is due, by when and how to pay', async () => {
    renderCard(dispute({ chargesFees: true, amountInDisputeCents: 3_000_000, payments: [DUE] }));
    const card = await screen.findByRole('region', { name: 'Fees' });
    expect(card.textContent).toContain('Amount in dispute: €30,000.00');
    const due = within(card).getByTestId('case-payment-due');
    expect(due.textContent).toContain('Filing fee: €753.00 to pay (incl. VAT €153.00), by 12.12.2026.');
    expect(within(due).getByRole('link', { name: 'Pay by card' }).getAttribute('href')).toBe(DUE.checkoutUrl);
    expect(within(due).getByRole('link', { name: 'Invoice (PDF)' }).getAttribute('href')).toBe(DUE.invoiceUrl);
    // Priced: the amount can no longer change.
    expect(screen.queryByRole('textbox', { name: /Amount in dispute/ })).toBeNull();
  });

  it('tells the other side only that the payment is awaited, and says paid once it is', async () => {
    const awaited = { ...DUE, yours: false, checkoutUrl: undefined, invoiceUrl: undefined };
    renderCard(dispute({ side: 'respondent', chargesFees: true, payments: [awaited] }));
    expect((await screen.findByTestId('case-payment-awaited')).textContent).toBe(
      'Awaiting the claimant’s payment: Filing fee, by 12.12.2026.',
    );
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    resetStores();
    renderCard(dispute({ chargesFees: true, payments: [{ ...DUE, status: 'paid' }] }));
    expect((await screen.findByTestId('case-payment-paid')).textContent).toBe('Filing fee: paid.');
  });

  it('lets the claimant set the amount in dispute before the claim is priced', async () => {
    let current = dispute({ chargesFees: true });
    const { api, caseLoads } = renderCard(
      current,
      {
        'PUT /api/dispute/d1/amount-in-dispute': () => {
          current = dispute({ chargesFees: true, amountInDisputeCents: 2_500_050 });
          return jsonResponse(current);
        },
      },
      () => current,
    );
    expect(await screen.findByText(/No amount in dispute has been given/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Amount in dispute/ }), { target: { value: '25 000,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save amount' }));
    expect(await screen.findByText('The amount in dispute was saved.')).toBeTruthy();
    // The case is fetched again and shows the amount.
    expect(caseLoads()).toBe(2);
    expect(await screen.findByText('Amount in dispute: €25,000.50')).toBeTruthy();
    expect(api.callsTo('PUT /api/dispute/d1/amount-in-dispute')[0]?.body).toEqual({ amountInDispute: '25 000,50' });
  });

  it('offers the other party’s unpaid share of the tribunal’s advance to pay, then shows it as the caller’s', async () => {
    const share: CasePaymentView = {
      ...DUE,
      id: 'p2',
      purpose: 'tribunalAdvanceShare',
      payerSide: 'respondent',
      yours: false,
      checkoutUrl: undefined,
      invoiceUrl: undefined,
      mayPayForOther: true,
    };
    const { api, caseLoads } = renderCard(dispute({ chargesFees: true, payments: [share] }), {
      'POST /api/dispute/d1/tribunal/advance/respondent/pay': () =>
        jsonResponse({ data: { id: 'p2', amountCents: 627500, vatCents: 127500, checkoutUrl: 'x', invoiceUrl: 'y' } }),
    });
    const awaited = await screen.findByTestId('case-payment-awaited');
    expect(awaited.textContent).toContain('Awaiting the respondent’s payment');
    fireEvent.click(within(awaited).getByRole('button', { name: 'Pay the respondent’s share' }));
    await waitFor(() => expect(caseLoads()).toBe(2));
    expect(api.callsTo('POST /api/dispute/d1/tribunal/advance/respondent/pay')).toHaveLength(1);
    cleanup();
    resetStores();
    // Taken over: the claimant's to pay, saying for whom; the respondent sees the claimant's payment awaited.
    renderCard(
      dispute({
        chargesFees: true,
        payments: [
          {
            ...DUE,
            ...share,
            yours: true,
            mayPayForOther: undefined,
            paidBySide: 'claimant',
            checkoutUrl: 'http://localhost/payments/test/p2',
          },
        ],
      }),
    );
    expect((await screen.findByTestId('case-payment-due')).textContent).toContain(
      'You pay this share for the respondent; the receipt is yours.',
    );
    cleanup();
    resetStores();
    renderCard(
      dispute({
        side: 'respondent',
        chargesFees: true,
        payments: [{ ...share, mayPayForOther: undefined, paidBySide: 'claimant' }],
      }),
    );
    expect((await screen.findByTestId('case-payment-awaited')).textContent).toContain(
      'Awaiting the claimant’s payment',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('takes a promo code: a refusal in the user’s language by its catalogued reason, then the new amounts and the discount', async () => {
    const open: CasePaymentView = { ...DUE, mayEnterPromoCode: true };
    let current = dispute({ chargesFees: true, payments: [open] });
    const entered: unknown[] = [];
    const { caseLoads } = renderCard(
      current,
      {
        'POST /api/payments/p1/promo-code': (body) => {
          entered.push(body);
          const { code } = body as { code: string };
          if (code === 'NOPE')
            return jsonResponse(
              {
                code: 'promo_code_unknown',
                reason: 'promoCodes.unknown',
                params: {},
                message: 'There is no such promo code. Check how it is written.',
              },
              400,
            );
          if (code === 'GONE')
            return jsonResponse(
              { code: 'promo_code_used_up', reason: 'promoCodes.usedUp', params: {}, message: 'Used up.' },
              409,
            );
          // 20 % off the net 600,00 €: 480,00 € + VAT 25.5 % 122,40 € = 602,40 €.
          current = dispute({
            chargesFees: true,
            payments: [
              {
                ...DUE,
                netCents: 48_000,
                vatCents: 12_240,
                amountCents: 60_240,
                promoCode: { code: 'SPRING', discountCents: 12_000 },
              },
            ],
          });
          return jsonResponse({
            paymentId: 'p1',
            status: 'open',
            netCents: 48_000,
            vatCents: 12_240,
            amountCents: 60_240,
            promoCode: { code: 'SPRING', discountCents: 12_000 },
          });
        },
      },
      () => current,
    );
    const form = await screen.findByTestId('promo-code-form');
    const field = within(form).getByRole('textbox', { name: 'Promo code' });
    const apply = within(form).getByRole('button', { name: 'Apply code' });
    expect(apply.hasAttribute('disabled')).toBe(true);

    fireEvent.change(field, { target: { value: ' NOPE ' } });
    fireEvent.click(apply);
    expect(await within(form).findByText('There is no such promo code. Check how it is written.')).toBeTruthy();
    expect(entered).toEqual([{ code: 'NOPE' }]);

    const { default: i18n } = await import('i18next');
    await i18n.changeLanguage('fi');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Kampanjakoodi' }), { target: { value: 'GONE' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Käytä koodi' }));
    expect(
      await within(form).findByText('Tämä kampanjakoodi on jo käytetty niin monta kertaa kuin sen saa käyttää.'),
    ).toBeTruthy();
    await i18n.changeLanguage('en');

    fireEvent.change(within(form).getByRole('textbox', { name: 'Promo code' }), { target: { value: 'spring' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply code' }));
    // Applied: the case is fetched again, the line says the new amount, VAT and discount, and the field is gone.
    const promo = await screen.findByTestId('case-payment-promo');
    expect(promo.textContent).toBe('Promo code SPRING: €120.00 off the price before VAT, which is now €480.00.');
    expect(screen.getByTestId('case-payment-due').textContent).toContain(
      'Filing fee: €602.40 to pay (incl. VAT €122.40)',
    );
    expect(screen.queryByTestId('promo-code-form')).toBeNull();
    expect(caseLoads()).toBe(2);
  });

  it('shows a code remembered from registration as applied, and offers no field', async () => {
    renderCard(
      dispute({
        chargesFees: true,
        payments: [
          {
            ...DUE,
            netCents: 54_000,
            vatCents: 13_770,
            amountCents: 67_770,
            promoCode: { code: 'WELCOME', discountCents: 6_000 },
          },
        ],
      }),
    );
    expect((await screen.findByTestId('case-payment-promo')).textContent).toBe(
      'Promo code WELCOME: €60.00 off the price before VAT, which is now €540.00.',
    );
    expect(screen.queryByTestId('promo-code-form')).toBeNull();
  });

  it('downloads the invoice through the API with the session, not by following the link', async () => {
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = renderCard(dispute({ chargesFees: true, caseNumber: 'RAT-2026-000042', payments: [DUE] }), {
      'GET /api/payments/p1/invoice': () =>
        new Response('%PDF-1.7 invoice', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const link = await screen.findByRole('link', { name: 'Invoice (PDF)' });
    const navigated = fireEvent.click(link);
    // The link's own navigation is cancelled: the call carries the bearer token instead.
    expect(navigated).toBe(false);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.callsTo('GET /api/payments/p1/invoice')).toHaveLength(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Invoice-RAT-2026-000042.pdf');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe('%PDF-1.7 invoice');
    click.mockRestore();
  });

  it('says why when the invoice cannot be made', async () => {
    renderCard(dispute({ chargesFees: true, payments: [DUE] }), {
      'GET /api/payments/p1/invoice': () =>
        jsonResponse({ code: 'invoice_needs_company', message: 'Invoices are for companies.' }, 409),
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Invoice (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invoices are for companies.');
  });
});
