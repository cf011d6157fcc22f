import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { renderApp, resetStores } from '../../../test/render-app';

beforeAll(() => import('./CaseApprovedPage'));
beforeEach(() => {
  resetStores();
  useAuthStore.getState().signIn('tok', { id: 'u1', userName: 'alice', agreedTermsOfService: 1, sessionId: 's1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('/case-approved', () => {
  it('shows a resolved case clearly labelled as sample content, without calling the API for it', async () => {
    const api = mockApi({
      'GET /api/dispute': () => jsonResponse([]),
      'GET /api/dispute/activephases': () => jsonResponse([]),
    });
    const { router } = renderApp('/case-approved');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delayed roof renovation' })).toBeTruthy();
    expect(screen.getByText('Example')).toBeTruthy();
    expect(screen.getByText(/This page shows sample content/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Decision summary' }).textContent).toContain(
      'Outcome: the claim is partly accepted.',
    );
    expect(api.calls.filter((call) => call.path.startsWith('/api/dispute'))).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
