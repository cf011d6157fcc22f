import type { AttachmentView, PhaseView } from '@ratkaisu/core';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { jsonResponse, mockApi } from '../test/mock-api';
import { caseView } from '../test/case-view';
import { renderApp, resetStores } from '../test/render-app';

const DAY = '2026-03-01T10:00:00Z';
const file = (id: string, fileName: string): AttachmentView => ({ id, fileName, dateCreated: DAY, size: 1000 });

const arbitratorView = caseView({
  status: 'InProgress',
  activePhaseId: 'p1',
  side: 'tribunal',
  caseNumber: 'RAT-2026-000042',
  tribunal: {
    status: 'Constituted',
    size: 1,
    requestedAt: DAY,
    requestedBySide: 'claimant',
    members: [
      {
        userId: 'arb1',
        name: 'Maija Virtanen',
        title: 'OTT',
        role: 'sole',
        status: 'Accepted',
        appointedAt: DAY,
        statement: 'none',
      },
    ],
  },
});

beforeEach(() => {
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'arb1', userName: 'maija', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('case page for an arbitrator', () => {
  it('shows the case number and the tribunal, the documents read-only, and no tools or phase actions', async () => {
    const claim: PhaseView = {
      id: 'p1',
      type: 'Claim',
      dateCreated: DAY,
      attachments: [file('a1', 'Haastehakemus.pdf')],
    };
    mockApi({
      'GET /api/dispute/d1': () => jsonResponse(arbitratorView),
      'GET /api/dispute/d1/phases': () => jsonResponse([claim]),
    });
    renderApp('/case-attachment/d1');
    await screen.findByRole('heading', { level: 1, name: 'Kattoremontti' }, { timeout: 10_000 });
    expect(screen.getByTestId('case-number').textContent).toBe('Case RAT-2026-000042');
    expect(screen.getByTestId('case-side').textContent).toBe('You sit on the tribunal');
    // The parties exchange documents: the banner says so, with no move and no promise of mail for the arbitrator.
    expect(screen.getByTestId('case-banner-title').textContent).toBe('Waiting for the parties');
    expect(screen.queryByTestId('next-action')).toBeNull();
    const panel = screen.getByRole('region', { name: 'Tribunal' });
    expect(within(panel).getByText('Constituted')).toBeTruthy();
    expect(within(panel).getByText('Maija Virtanen')).toBeTruthy();
    expect(screen.getByText('Haastehakemus.pdf')).toBeTruthy();
    expect(screen.queryByTestId('upload-input-Claim')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/u })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Tools' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save and Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End Process' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request an arbitrator' })).toBeNull();
  });
});
