import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { useAuthStore } from '../stores/auth-store';
import { TOKEN_STORAGE_KEY } from '../stores/token-storage';
import { jsonResponse, resetStores } from '../test/render-app';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

beforeEach(() => {
  resetStores();
  initI18n();
  vi.resetModules();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

async function renderFreshApp() {
  // A fresh module graph: the app checks the session once per page load.
  const { App } = await import('./App');
  const stores = await import('../stores/auth-store');
  render(<App />);
  return stores.useAuthStore;
}

describe('start-up', () => {
  it('shows "Verifying access" while checking a stored token, then routes the recognised user', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>((input) =>
      String(input).endsWith('/user/check-auth')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(jsonResponse({ isAdmin: false })),
    );
    vi.stubGlobal('fetch', fetchMock);

    const authStore = await renderFreshApp();
    expect(screen.getByText('Verifying access')).toBeTruthy();
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-1');

    answer(jsonResponse({ id: 'u1', userName: 'alice', agreedTermsOfService: 1 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(authStore.getState()).toMatchObject({ loggedIn: true, userName: 'alice' });
  });

  it('forgets a rejected token without leaving the app, and shows sign-in', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ code: 'unauthorized', message: 'Expired' }, 401))),
    );
    await renderFreshApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeTruthy();
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('makes no call without a stored token', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderFreshApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Ratkaisu' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useAuthStore.getState().loggedIn).toBe(false);
  });
});
