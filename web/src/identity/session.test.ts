import type { IPublicClientApplication } from '@azure/msal-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { clearWorkSessionId, readWorkAccountMark, readWorkSessionId } from '../stores/token-storage';

/**
 * Work-account sign-in: the popup, then the server's access check, whose
 * session id every later call names in X-Session-Id.
 */
const account = { homeAccountId: 'h', localAccountId: 'oid-1', username: 'maija@firma.fi', name: 'Maija' };
const fakeClient = {
  loginPopup: vi.fn(async () => ({ account })),
  setActiveAccount: vi.fn(),
  getActiveAccount: vi.fn(() => account),
  acquireTokenSilent: vi.fn(async () => ({ accessToken: 'header.payload.signature' })),
  acquireTokenPopup: vi.fn(),
  clearCache: vi.fn(async () => undefined),
  logoutPopup: vi.fn(async () => undefined),
} as unknown as IPublicClientApplication;

const loadMsal = vi.fn(async () => fakeClient);
vi.mock('./msal', () => ({
  getIdentityClient: () => fakeClient,
  loadMsal: () => loadMsal(),
  signInScopes: (scope: string) => ['openid', 'profile', 'email', scope],
}));
vi.mock('../config/env', () => ({
  getEnv: () => ({
    apiBaseUrl: '',
    entra: {
      clientId: 'c',
      authority: 'https://login.microsoftonline.com/organizations',
      apiScope: 'api://c/access_as_user',
    },
  }),
}));

const user = {
  id: 'u1',
  userName: 'Maija',
  dateJoined: '2026-11-01T10:00:00Z',
  email: 'maija@firma.fi',
  emailConfirmed: true,
  tfaEnabled: false,
  sessionId: 's-work-1',
  agreedTermsOfService: 1,
};

describe('work-account sign-in', () => {
  const calls: Array<{ url: string; headers: Headers }> = [];
  beforeEach(() => {
    sessionStorage.clear();
    calls.length = 0;
    loadMsal.mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, headers: new Headers(init?.headers) });
        const body = url.endsWith('/user/validate-access')
          ? { authorized: true, sessionId: 's-work-1', user }
          : url.endsWith('/api/admin/check-admin')
            ? { isAdmin: false }
            : user;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the server session and names it on later calls', async () => {
    const { signInWithWorkAccount } = await import('./session');
    const result = await signInWithWorkAccount('Authorization failed');
    expect(result).toEqual({ outcome: 'signed-in', next: '/home' });
    expect(readWorkSessionId()).toBe('s-work-1');
    expect(useAuthStore.getState().sessionId).toBe('s-work-1');

    const { api, setTokenProvider } = await import('../api/api');
    setTokenProvider((await import('./bearer-token')).getBearerToken); // as main.tsx does at start-up
    await api.get('/user/check-auth');
    const last = calls.at(-1)!;
    expect(last.headers.get('Authorization')).toBe('Bearer header.payload.signature');
    expect(last.headers.get('X-Session-Id')).toBe('s-work-1');
  });

  it('loads MSAL at start-up only to restore a work account signed in in this tab', async () => {
    const { verifySessionAtStartup, signInWithWorkAccount, signOut } = await import('./session');
    // The earlier test's session id lives on in memory (storage blocked falls back there).
    clearWorkSessionId();
    await verifySessionAtStartup();
    expect(loadMsal).not.toHaveBeenCalled();

    await signInWithWorkAccount('Authorization failed');
    expect(readWorkAccountMark()).toBe(true);
    useAuthStore.getState().clear();
    loadMsal.mockClear();
    await verifySessionAtStartup();
    expect(loadMsal).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().loggedIn).toBe(true);

    await signOut();
    expect(readWorkAccountMark()).toBe(false);
    loadMsal.mockClear();
    await verifySessionAtStartup();
    expect(loadMsal).not.toHaveBeenCalled();
  });
});
