import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PaymentRecordView } from '@ratkaisu/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { renderApp, resetStores } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';

beforeAll(() => import('../routes/MyDataPage'));
beforeEach(() => resetStores());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RECORDS: PaymentRecordView[] = [
  {
    id: '12345671-H-000003',
    kind: 'creditNote',
    number: 'H-000003',
    // 00:30 on 28 November in Helsinki: the card dates it as every screen does, in Helsinki time.
    issuedAt: '2026-11-27T22:30:00Z',
    grossCents: 25100,
    vatCents: 5100,
    caseNumber: 'RAT-2026-000123',
    paymentId: 'p1',
  },
  {
    id: '12345671-R-000042',
    kind: 'receipt',
    number: 'R-000042',
    issuedAt: '2026-11-27T10:00:00Z',
    grossCents: 75300,
    vatCents: 15300,
    caseNumber: 'RAT-2026-000123',
    paymentId: 'p1',
  },
];

describe('the Receipts card of the account', () => {
  it('lists receipts and credit notes with their amounts and VAT, and downloads a PDF', async () => {
    useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, tfaEnabled: false });
    const api = mockApi({
      'GET /user/receipts': () => jsonResponse(RECORDS),
      'GET /user/receipts/12345671-R-000042/pdf': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:receipt');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/my-data');
    const card = within(await screen.findByRole('region', { name: 'Receipts' }));
    expect(await card.findByText('Receipt R-000042')).toBeTruthy();
    expect(card.getByText('Credit note H-000003')).toBeTruthy();
    expect(card.getByText(/case RAT-2026-000123 · €753\.00, of which VAT €153\.00/)).toBeTruthy();
    expect(card.getByText(/^28\.11\.2026 · case RAT-2026-000123 · -€251\.00, of which VAT -€51\.00/)).toBeTruthy();
    expect(card.getByText(/^27\.11\.2026 · case RAT-2026-000123 · €753\.00/)).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Download Receipt R-000042 as PDF' }));
    await vi.waitFor(() => expect(api.callsTo('GET /user/receipts/12345671-R-000042/pdf')).toHaveLength(1));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Receipt_R-000042.pdf');
    expect(card.queryByText('The PDF could not be downloaded. Try again later.')).toBeNull();
  });

  it('says when there are none yet', async () => {
    useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, tfaEnabled: false });
    mockApi({ 'GET /user/receipts': () => jsonResponse([]) });
    renderApp('/my-data');
    const card = within(await screen.findByRole('region', { name: 'Receipts' }));
    expect(await card.findByText('You have no receipts yet.')).toBeTruthy();
  });
});
