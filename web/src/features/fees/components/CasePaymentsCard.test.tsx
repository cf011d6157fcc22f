import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CasePaymentView, DisputeView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
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

function renderCard(view: DisputeView, onChanged = vi.fn(() => Promise.resolve())) {
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <CasePaymentsCard dispute={view} onChanged={onChanged} />
    </FluentProvider>,
  );
  return { ...result, onChanged };
}

describe('the case page’s Fees card', () => {
  beforeEach(() => {
    initI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is not there when no fees are charged and nothing was paid', () => {
    const { container } = renderCard(dispute({ amountInDisputeCents: 3_000_000 }));
    expect(container.textContent).toBe('');
  });

  it('tells the payer what is due, by when and how to pay', () => {
    renderCard(dispute({ chargesFees: true, amountInDisputeCents: 3_000_000, payments: [DUE] }));
    const card = screen.getByRole('region', { name: 'Fees' });
    expect(card.textContent).toContain('Amount in dispute: €30,000.00');
    const due = within(card).getByTestId('case-payment-due');
    expect(due.textContent).toContain('Filing fee: €753.00 to pay (incl. VAT €153.00), by 12.12.2026.');
    expect(within(due).getByRole('link', { name: 'Pay by card' }).getAttribute('href')).toBe(DUE.checkoutUrl);
    expect(within(due).getByRole('link', { name: 'Invoice (PDF)' }).getAttribute('href')).toBe(DUE.invoiceUrl);
    // Priced: the amount can no longer change.
    expect(screen.queryByRole('textbox', { name: /Amount in dispute/ })).toBeNull();
  });

  it('tells the other side only that the payment is awaited, and says paid once it is', () => {
    const awaited = { ...DUE, yours: false, checkoutUrl: undefined, invoiceUrl: undefined };
    renderCard(dispute({ side: 'respondent', chargesFees: true, payments: [awaited] }));
    expect(screen.getByTestId('case-payment-awaited').textContent).toBe(
      'Awaiting the claimant’s payment: Filing fee, by 12.12.2026.',
    );
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    renderCard(dispute({ chargesFees: true, payments: [{ ...DUE, status: 'paid' }] }));
    expect(screen.getByTestId('case-payment-paid').textContent).toBe('Filing fee: paid.');
  });

  it('lets the claimant set the amount in dispute before the claim is priced', async () => {
    const api = mockApi({
      'PUT /api/dispute/d1/amount-in-dispute': () => jsonResponse({ id: 'd1', amountInDisputeCents: 2_500_050 }),
    });
    const { onChanged } = renderCard(dispute({ chargesFees: true }));
    expect(screen.getByText(/No amount in dispute has been given/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Amount in dispute/ }), { target: { value: '25 000,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save amount' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(await screen.findByText('The amount in dispute was saved.')).toBeTruthy();
    expect(api.calls.at(-1)?.body).toEqual({ amountInDispute: '25 000,50' });
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
    const api = mockApi({
      'POST /api/dispute/d1/tribunal/advance/respondent/pay': () =>
        jsonResponse({ data: { id: 'p2', amountCents: 627500, vatCents: 127500, checkoutUrl: 'x', invoiceUrl: 'y' } }),
    });
    const { onChanged } = renderCard(dispute({ chargesFees: true, payments: [share] }));
    const awaited = screen.getByTestId('case-payment-awaited');
    expect(awaited.textContent).toContain('Awaiting the respondent’s payment');
    fireEvent.click(within(awaited).getByRole('button', { name: 'Pay the respondent’s share' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/dispute/d1/tribunal/advance/respondent/pay' });
    cleanup();
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
    expect(screen.getByTestId('case-payment-due').textContent).toContain(
      'You pay this share for the respondent; the receipt is yours.',
    );
    cleanup();
    renderCard(
      dispute({
        side: 'respondent',
        chargesFees: true,
        payments: [{ ...share, mayPayForOther: undefined, paidBySide: 'claimant' }],
      }),
    );
    expect(screen.getByTestId('case-payment-awaited').textContent).toContain('Awaiting the claimant’s payment');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
