import type { IPublicClientApplication } from '@azure/msal-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A new tab restores the sign-in before any sign-in screen shows: through the
 * "Keep me signed in" refresh route when this device chose it, or silently
 * through Entra ID when the last sign-in here was a work account. A device
 * that chose neither makes no such call.
 */

const account = { homeAccountId: 'h', localAccountId: 'oid-1', username: 'maija@firma.fi', name: 'Maija' };
let activeAccount: typeof account | null = null;
const fakeClient = {
  ssoSilent: vi.fn(async () => ({ account })),
  setActiveAccount: vi.fn((value: typeof account) => {
    activeAccount = value;
  }),
  getActiveAccount: vi.fn(() => activeAccount),
  acquireTokenSilent: vi.fn(async () => ({ accessToken: 'header.payload.signature' })),
  acquireTokenPopup: vi.fn(),
  loginPopup: vi.fn(),
  clearCache: vi.fn(async () => undefined),
} as unknown as IPublicClientApplication & { ssoSilent: ReturnType<typeof vi.fn> };

vi.mock('./msal', () => ({
  getIdentityClient: () => fakeClient,
  loadMsal: async () => fakeClient,
  signInScopes: (scope: string) => ['openid', 'profile', 'email', scope],
}));
vi.mock('../config/env', () => ({
  getEnv: () => ({
    apiBaseUrl: '',
    entra: { clientId: 'c', authority: 'https://login.microsoftonline.com/organizations', apiScope: 'api://c/x' },
  }),
}));

const user = {
  id: 'u1',
  userName: 'Maija',
  dateJoined: '2026-11-01T10:00:00Z',
  email: 'maija@firma.fi',
  emailConfirmed: true,
  tfaEnabled: false,
  sessionId: 's-1',
  agreedTermsOfService: 1,
};

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
const calls: Array<{ url: string; headers: Headers }> = [];

beforeEach(() => {
  vi.resetModules();
  sessionStorage.clear();
  localStorage.clear();
  activeAccount = null;
  calls.length = 0;
  fakeClient.ssoSilent.mockClear();
  answers = {
    '/user/refresh-session': {
      status: 200,
      body: { token: 's-1.tab', expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(), user },
    },
    '/user/validate-access': { status: 200, body: { authorized: true, sessionId: 's-work', user } },
    '/user/check-auth': { status: 200, body: user },
    '/api/admin/check-admin': { status: 200, body: { isAdmin: false } },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, headers: new Headers(init?.headers) });
      const answer = answers[url] ?? { status: 404, body: { code: 'not_found', message: 'Not found.' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function startUp() {
  const { verifySessionAtStartup } = await import('./session');
  await verifySessionAtStartup();
  const { useAuthStore } = await import('../stores/auth-store');
  const { useIdentityStore } = await import('../stores/identity-store');
  return { auth: useAuthStore.getState(), identity: useIdentityStore.getState() };
}

const called = (path: string) => calls.filter((call) => call.url === path);

describe('a new tab of a remembered device', () => {
  it('trades the cookie for a short-lived token, with the app header and no bearer token', async () => {
    localStorage.setItem('ratkaisu.remembered', '1');
    const { auth } = await startUp();
    expect(auth.loggedIn).toBe(true);
    expect(sessionStorage.getItem('ratkaisu.token')).toBe('s-1.tab');
    expect(Number(sessionStorage.getItem('ratkaisu.tokenExpiresAt'))).toBeGreaterThan(Date.now());
    const [refresh] = called('/user/refresh-session');
    expect(refresh?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(refresh?.headers.get('Authorization')).toBeNull();
  });

  it('forgets the device when the server refuses (session ended elsewhere)', async () => {
    localStorage.setItem('ratkaisu.remembered', '1');
    answers['/user/refresh-session'] = { status: 401, body: { code: 'unauthorized', message: 'No.' } };
    const { auth } = await startUp();
    expect(auth.loggedIn).toBe(false);
    expect(localStorage.getItem('ratkaisu.remembered')).toBeNull();
  });

  it('renews the token before it runs out', async () => {
    localStorage.setItem('ratkaisu.remembered', '1');
    await startUp();
    sessionStorage.setItem('ratkaisu.tokenExpiresAt', String(Date.now() + 10_000));
    answers['/user/refresh-session'] = {
      status: 200,
      body: { token: 's-1.renewed', expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(), user },
    };
    // main.tsx registers the bearer-token provider at start-up; the API client asks it for each call.
    const { api, setTokenProvider } = await import('../api/api');
    const { getBearerToken } = await import('./bearer-token');
    setTokenProvider(getBearerToken);
    await api.get('/user/check-auth');
    expect(calls.at(-1)?.headers.get('Authorization')).toBe('Bearer s-1.renewed');
    expect(called('/user/refresh-session')).toHaveLength(2);
  });
});

describe('a device that chose neither', () => {
  it('asks nothing and stays signed out', async () => {
    const { auth, identity } = await startUp();
    expect(auth.loggedIn).toBe(false);
    expect(identity.authorized).toBe(false);
    expect(calls).toEqual([]);
    expect(fakeClient.ssoSilent).not.toHaveBeenCalled();
  });
});

describe('a new tab after a work-account sign-in', () => {
  it('restores the account silently through Entra ID and opens a server session', async () => {
    localStorage.setItem('ratkaisu.lastSignIn', 'work');
    const { identity } = await startUp();
    expect(fakeClient.ssoSilent).toHaveBeenCalledTimes(1);
    expect(identity.authorized).toBe(true);
    expect(called('/user/validate-access')).toHaveLength(1);
    expect(fakeClient.loginPopup).not.toHaveBeenCalled();
  });

  it('shows the sign-in screen when Entra ID needs the user', async () => {
    localStorage.setItem('ratkaisu.lastSignIn', 'work');
    fakeClient.ssoSilent.mockRejectedValueOnce(new Error('interaction_required'));
    const { identity } = await startUp();
    expect(identity.authorized).toBe(false);
    expect(calls).toEqual([]);
  });
});
