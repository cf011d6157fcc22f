import { api, setSessionEnding } from '../api/api';
import { ApiError } from '../api/client';
import { errorMessage } from '../api/error-message';
import { getEnv } from '../config/env';
import { pathAfterSignIn, useAuthStore } from '../stores/auth-store';
import { useIdentityStore } from '../stores/identity-store';
import {
  clearWorkAccountMark,
  clearWorkSessionId,
  markWorkAccount,
  readLastSignIn,
  readRemembered,
  readStoredToken,
  readWorkAccountMark,
  readWorkSessionId,
  storeLastSignIn,
  storeRemembered,
  storeTokenExpiry,
  storeWorkSessionId,
} from '../stores/token-storage';
import { getIdentityClient, loadMsal, signInScopes } from './msal';
import { refreshRememberedSession } from './remembered-session';

/**
 * Sign-in, start-up check and sign-out, shared by the start-up code, the sign-in
 * screen and the shell. Components call these; the stores hold the outcome.
 */

/**
 * Start-up: a stored token is checked with the server; a rejected or broken one is forgotten. A new tab
 * (no token yet) of a device that chose "Keep me signed in" asks the refresh route for one; a device
 * whose last sign-in was a work account first tries Entra ID silently. Only then does a sign-in screen show.
 */
export async function verifySessionAtStartup(): Promise<void> {
  const identity = useIdentityStore.getState();
  try {
    if (readStoredToken()) {
      try {
        const user = await api.get<unknown>('/user/check-auth', { redirectOnUnauthorized: false });
        useAuthStore.getState().setUser(user);
      } catch {
        useAuthStore.getState().clear();
      }
    }
    if (!useAuthStore.getState().loggedIn && readRemembered()) await refreshRememberedSession();
    if (!useAuthStore.getState().loggedIn) {
      if (workAccountToRestore() && (await loadMsal())?.getActiveAccount()) await restoreWorkAccount();
      else if (readLastSignIn() === 'work') await restoreWorkAccountSilently();
    }
  } finally {
    identity.setAuthChecked();
  }
  if (useAuthStore.getState().loggedIn || useIdentityStore.getState().authorized) void checkAdmin();
}

/**
 * Whether start-up should load MSAL to restore a work account: one was signed in in this tab (or its
 * server session is still named). Everyone else, local accounts and visitors, never downloads MSAL.
 */
function workAccountToRestore(): boolean {
  return getEnv().entra !== undefined && (readWorkAccountMark() || readWorkSessionId() !== null);
}

/** A work account from the identity cache: authorized again without a popup, or quietly dropped. */
async function restoreWorkAccount(): Promise<void> {
  const account = getIdentityClient()?.getActiveAccount() ?? null;
  const identity = useIdentityStore.getState();
  identity.setAccount(account);
  // The session from before the reload still works: no new server session needed.
  if (readWorkSessionId()) {
    try {
      useAuthStore.getState().setUser(await api.get<unknown>('/user/check-auth', { redirectOnUnauthorized: false }));
      identity.setAuthorized(true);
      return;
    } catch {
      clearWorkSessionId();
    }
  }
  try {
    await startWorkSession();
    identity.setAuthorized(true);
  } catch {
    identity.reset();
  }
}

/**
 * A new tab of a device whose last sign-in was a work account: MSAL's cache lives in the tab, so ask
 * Entra ID without a window (ssoSilent) for the account it is signed in with. When Entra needs the
 * user (interaction required, several accounts), nothing happens and the sign-in screen shows.
 */
async function restoreWorkAccountSilently(): Promise<void> {
  const client = await loadMsal();
  const entra = getEnv().entra;
  if (!client || !entra) return;
  if (!client.getActiveAccount()) {
    try {
      const result = await client.ssoSilent({ scopes: signInScopes(entra.apiScope) });
      client.setActiveAccount(result.account);
    } catch {
      return;
    }
  }
  await restoreWorkAccount();
}

/** The server's access check: on success it opens a server session that later calls name in X-Session-Id. */
async function startWorkSession(): Promise<void> {
  const access = await api.get<{ sessionId?: unknown; user?: unknown }>('/user/validate-access');
  if (typeof access.sessionId === 'string') storeWorkSessionId(access.sessionId);
  if (access.user) useAuthStore.getState().setUser(access.user);
}

/** Admin status is checked once per session; an error counts as not admin. */
export async function checkAdmin(): Promise<boolean> {
  const identity = useIdentityStore.getState();
  if (identity.adminChecked) return identity.isAdmin;
  let isAdmin: boolean;
  try {
    const answer = await api.get<{ isAdmin?: unknown }>('/api/admin/check-admin', { redirectOnUnauthorized: false });
    isAdmin = answer?.isAdmin === true;
  } catch {
    isAdmin = false;
  }
  useIdentityStore.getState().setAdmin(isAdmin);
  return isAdmin;
}

export interface PasswordCredentials {
  username: string;
  password: string;
  tfaCode: string;
  /** "Keep me signed in" on this device. */
  remember?: boolean;
}

/**
 * Local-account sign-in. Resolves with where to go next (`returnTo` when it is a safe path on this site);
 * rejects with an ApiError (or a parse error).
 */
export async function signInWithPassword(credentials: PasswordCredentials, returnTo?: string | null): Promise<string> {
  const answer = await api.post<{ token?: unknown; user?: unknown; remembered?: unknown; expiresAt?: unknown }>(
    '/user/login',
    credentials,
    {
      redirectOnUnauthorized: false,
    },
  );
  if (!answer || typeof answer.token !== 'string' || answer.token === '') {
    throw new ApiError(200, 'invalid_response', 'The sign-in answer had no token.');
  }
  useAuthStore.getState().signIn(answer.token, answer.user);
  storeRemembered(answer.remembered === true);
  // A remembered session's token is short-lived too; the refresh route renews it.
  storeTokenExpiry(answer.expiresAt instanceof Date ? answer.expiresAt.getTime() : null);
  storeLastSignIn('local');
  void checkAdmin();
  return pathAfterSignIn(useAuthStore.getState().agreedTermsOfService, returnTo);
}

export type WorkAccountResult =
  | { outcome: 'signed-in'; next: string }
  | { outcome: 'cancelled' }
  | { outcome: 'unavailable' }
  | { outcome: 'denied'; accessDeniedUrl: string };

function authorizationError(error: unknown, fallback: string): string {
  return errorMessage(error, fallback);
}

/**
 * Work-account sign-in: popup with the account chooser, then the server's access check.
 * On a failed check the session is cleared and the caller sends the browser to access-denied.
 */
export async function signInWithWorkAccount(
  authorizationFailedText: string,
  returnTo?: string | null,
): Promise<WorkAccountResult> {
  const client = await loadMsal();
  const entra = getEnv().entra;
  if (!client || !entra) return { outcome: 'unavailable' };

  const identity = useIdentityStore.getState();
  identity.setLoading(true);
  try {
    let result;
    try {
      result = await client.loginPopup({ scopes: signInScopes(entra.apiScope), prompt: 'select_account' });
    } catch {
      return { outcome: 'cancelled' };
    }
    client.setActiveAccount(result.account);
    markWorkAccount();
    identity.setAccount(result.account);
    try {
      await startWorkSession();
    } catch (error) {
      const message = authorizationError(error, authorizationFailedText);
      await clearSession();
      useIdentityStore.getState().setError(message);
      return { outcome: 'denied', accessDeniedUrl: `/access-denied.html?error=${encodeURIComponent(message)}` };
    }
    useIdentityStore.getState().setAuthorized(true);
    storeRemembered(false);
    storeLastSignIn('work');
    void checkAdmin();
    return { outcome: 'signed-in', next: pathAfterSignIn(useAuthStore.getState().agreedTermsOfService, returnTo) };
  } finally {
    useIdentityStore.getState().setLoading(false);
  }
}

/** Wipes the identity cache, the token and every flag. */
async function clearSession(): Promise<void> {
  const client = getIdentityClient();
  if (client) {
    try {
      await client.clearCache();
    } catch {
      // Nothing more to clear.
    }
  }
  clearWorkSessionId();
  clearWorkAccountMark();
  // Signed out on purpose: a new tab starts signed out too.
  storeRemembered(false);
  storeLastSignIn(null);
  useAuthStore.getState().clear();
  useIdentityStore.getState().reset();
}

/** Signs out: ends the server session (best effort), a popup logout for work accounts, then clears everything. */
export async function signOut(): Promise<void> {
  setSessionEnding(true);
  try {
    await endSession();
  } finally {
    setSessionEnding(false);
  }
}

async function endSession(): Promise<void> {
  const { sessionId, hasToken } = useAuthStore.getState();
  if ((hasToken || readWorkSessionId()) && sessionId) {
    try {
      await api.post('/user/logout', { id: sessionId }, { redirectOnUnauthorized: false });
    } catch {
      // The token is dropped below either way; the server session expires on its own.
    }
  }
  const client = getIdentityClient();
  const account = client?.getActiveAccount();
  if (client && account) {
    try {
      await client.logoutPopup({ account });
    } catch {
      // A closed or blocked popup still signs the user out of this app.
    }
  }
  await clearSession();
}
