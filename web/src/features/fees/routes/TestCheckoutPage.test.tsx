import type { TestCheckoutView } from '@ratkaisu/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { renderApp, resetStores } from '../../../test/render-app';

const OPEN: TestCheckoutView = {
  paymentId: 'p1',
  disputeId: 'd1',
  purpose: 'filingFee',
  netCents: 60000,
  vatCents: 15300,
  amountCents: 75300,
  status: 'open',
};

beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the test checkout page', () => {
  it('shows the price, VAT and total, pays on Pay and then says the server’s answer', async () => {
    let status: TestCheckoutView['status'] = 'open';
    const api = mockApi({
      'GET /api/payments/test/p1': () => jsonResponse({ ...OPEN, status }),
      'POST /api/payments/test/p1/pay': () => {
        status = 'paid';
        return jsonResponse({ outcome: 'settled', status: 'paid' });
      },
    });
    renderApp('/payments/test/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test payment' })).toBeTruthy();
    expect(await screen.findByText('Filing fee')).toBeTruthy();
    expect(screen.getByText('€600.00')).toBeTruthy();
    expect(screen.getByText('€153.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay €753.00' }));
    expect((await screen.findByTestId('test-checkout-status')).textContent).toContain('Paid.');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/payments/test/p1/pay',
    ]);
    expect(screen.getByRole('link', { name: 'Back to the case' }).getAttribute('href')).toBe('/case-attachment/d1');
  });

  it('says so when there is no such payment', async () => {
    mockApi({
      'GET /api/payments/test/nope': () => jsonResponse({ code: 'not_found', message: 'Not found.' }, 404),
    });
    renderApp('/payments/test/nope');
    expect(await screen.findByText('There is no such payment.')).toBeTruthy();
  });
});
