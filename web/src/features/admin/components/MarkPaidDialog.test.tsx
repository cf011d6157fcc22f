import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminPaymentsOverview, AdminPaymentView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { useScreenTestFrame, withQueries } from '../../../test/render-app';
import { PaymentsTab } from './PaymentsTab';

/** A SuperAdmin marking a payment paid with a reason from the Payments tab (docs/fees.md "Bank statements"). */

const open: AdminPaymentView = {
  id: 'pay-open',
  tenantId: 't-acme',
  disputeId: 'case-1',
  caseNumber: 'RAT-2026-000001',
  purpose: 'filingFee',
  payer: { userId: 'u-1', name: 'Acme Oy', email: 'laskut@acme.fi' },
  status: 'open',
  method: 'invoice',
  netCents: 60_000,
  vatCents: 15_300,
  grossCents: 75_300,
  receivedCents: 25_300,
  reverseCharge: false,
  createdAt: '2026-03-01T09:00:00Z',
  ageDays: 3,
};
const paid: AdminPaymentView = {
  ...open,
  id: 'pay-paid',
  caseNumber: 'RAT-2026-000002',
  status: 'paid',
  receivedCents: 75_300,
  receiptNumber: 'R-000001',
};
const closed: AdminPaymentView = {
  ...open,
  id: 'pay-closed',
  caseNumber: 'RAT-2026-000003',
  closedReason: 'caseFinal',
};

const list = (payments: AdminPaymentView[]): AdminPaymentsOverview => ({
  payments,
  outstanding: payments.filter((payment) => payment.status === 'open'),
  monthly: [],
});

useScreenTestFrame();

async function renderTab(isSuperAdmin: boolean, language: 'en' | 'fi' = 'en') {
  await initI18n().changeLanguage(language);
  render(
    withQueries(
      <FluentProvider theme={webLightTheme}>
        <PaymentsTab tenants={[]} isSuperAdmin={isSuperAdmin} />
      </FluentProvider>,
    ),
  );
  return screen.findAllByTestId('payment-row');
}

describe('Mark paid', () => {
  it('records the reason, says so with the receipt, and fetches the list again', async () => {
    let payments = [open, paid, closed];
    const api = mockApi({
      'GET /api/superadmin/payments': () => jsonResponse(list(payments)),
      'GET /api/superadmin/promo-codes': () => jsonResponse([]),
      'POST /api/superadmin/payments/pay-open/mark-paid': () => {
        payments = [{ ...open, status: 'paid', receivedCents: 75_300, receiptNumber: 'R-000002' }, paid, closed];
        return jsonResponse({ paymentId: 'pay-open', status: 'paid', receipt: { number: 'R-000002' } });
      },
    });
    const rows = await renderTab(true);
    // Only the unpaid, open payment offers it; a paid or closed one does not.
    expect(within(rows[1]!).queryByRole('button', { name: /^Mark paid/ })).toBeNull();
    expect(within(rows[2]!).queryByRole('button', { name: /^Mark paid/ })).toBeNull();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Mark paid: RAT-2026-000001, Filing fee' }));

    const dialog = await screen.findByRole('dialog', { name: 'Mark a payment paid' });
    // Fluent's modalizer may mark the surface aria-hidden in jsdom (focus is not moved there): look past it.
    expect(within(dialog).getByTestId('mark-paid-summary').textContent).toBe(
      'Filing fee for case RAT-2026-000001, payer Acme Oy: €500.00 still due.',
    );
    // Too short a reason is caught before anything is sent.
    const reason = await within(dialog).findByRole('textbox', { name: /^Reason/, hidden: true });
    fireEvent.change(reason, { target: { value: ' ok ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid', hidden: true }));
    expect(await within(dialog).findByText('Say how the payment was received (at least 5 characters).')).toBeTruthy();
    expect(api.callsTo('POST /api/superadmin/payments/pay-open/mark-paid')).toHaveLength(0);

    fireEvent.change(reason, {
      target: { value: '  Transfer 12.3. without its reference  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid', hidden: true }));
    expect((await screen.findByTestId('payments-notice')).textContent).toBe(
      'Payment for case RAT-2026-000001 marked paid; receipt R-000002.',
    );
    expect(api.callsTo('POST /api/superadmin/payments/pay-open/mark-paid').map((call) => call.body)).toEqual([
      { reason: 'Transfer 12.3. without its reference' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('payment-row')[0]!.textContent).toContain('R-000002'));
    expect(api.callsTo('GET /api/superadmin/payments')).toHaveLength(2);
    expect(within(screen.getAllByTestId('payment-row')[0]!).queryByRole('button', { name: /^Mark paid/ })).toBeNull();
  });

  it('speaks Finnish and shows a refusal by its reason, leaving the dialog open', async () => {
    const api = mockApi({
      'GET /api/superadmin/payments': () => jsonResponse(list([open])),
      'GET /api/superadmin/promo-codes': () => jsonResponse([]),
      'POST /api/superadmin/payments/pay-open/mark-paid': () =>
        jsonResponse(
          {
            code: 'payment_already_paid',
            reason: 'fees.paymentAlreadyPaid',
            params: {},
            message: 'This payment is paid already.',
          },
          409,
        ),
    });
    const [row] = await renderTab(true, 'fi');
    fireEvent.click(
      within(row!).getByRole('button', { name: 'Merkitse maksetuksi: RAT-2026-000001, Vireillepanomaksu' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Merkitse maksu maksetuksi' });
    expect(within(dialog).getByTestId('mark-paid-summary').textContent).toBe(
      'Vireillepanomaksu, asia RAT-2026-000001, maksaja Acme Oy: maksamatta 500,00\u00a0€.',
    );
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /^Syy/, hidden: true }), {
      target: { value: 'Maksettu käteisellä toimistolla' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merkitse maksetuksi', hidden: true }));
    expect((await within(dialog).findByRole('alert', { hidden: true })).textContent).toBe('Tämä maksu on jo maksettu.');
    expect(api.callsTo('POST /api/superadmin/payments/pay-open/mark-paid')).toHaveLength(1);
    expect(screen.queryByTestId('payments-notice')).toBeNull();
  });

  it('is not offered to a tenant administrator', async () => {
    mockApi({ 'GET /api/superadmin/payments': () => jsonResponse(list([open])) });
    const [row] = await renderTab(false);
    expect(within(row!).queryByRole('button', { name: /^Mark paid/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Import a bank statement' })).toBeNull();
  });
});
