import { createApiClient } from '../api/client';
import { getEnv } from '../config/env';
import { useAuthStore } from '../stores/auth-store';
import { readRemembered, readTokenExpiry, storeRemembered, storeTokenExpiry } from '../stores/token-storage';

/**
 * "Keep me signed in" on the client. The long-lived credential is an httpOnly
 * cookie this code never sees; a tab asks `POST /user/refresh-session` for a
 * short-lived bearer token when it loads, and again shortly before that token
 * runs out. The refresh call carries no bearer token of its own (so it never
 * waits on itself) and the app's `X-Requested-With` header, which the server
 * requires.
 */

export const REFRESH_PATH = '/user/refresh-session';
/** Ask for a new token this long before the old one stops working. */
const REFRESH_AHEAD_MS = 60_000;

const refreshClient = createApiClient({ baseUrl: () => getEnv().apiBaseUrl, getToken: () => null });

let inFlight: Promise<boolean> | undefined;

/**
 * Trades the cookie for a bearer token and signs the tab in; false when the
 * device is not (or no longer) remembered, which also forgets the hint. One
 * call at a time: concurrent callers share it.
 */
export function refreshRememberedSession(): Promise<boolean> {
  inFlight ??= (async () => {
    try {
      const answer = await refreshClient.post<{ token?: unknown; expiresAt?: unknown; user?: unknown }>(
        REFRESH_PATH,
        undefined,
        { redirectOnUnauthorized: false },
      );
      if (typeof answer?.token !== 'string' || answer.token === '') return false;
      // The client revives ISO timestamps into Dates.
      const expiresAt =
        answer.expiresAt instanceof Date
          ? answer.expiresAt.getTime()
          : typeof answer.expiresAt === 'string'
            ? Date.parse(answer.expiresAt)
            : NaN;
      useAuthStore.getState().signIn(answer.token, answer.user);
      storeTokenExpiry(Number.isFinite(expiresAt) ? expiresAt : null);
      return true;
    } catch (error) {
      // Only the server's "no" forgets the device; a network failure may pass.
      if (error instanceof Error && 'status' in error && (error.status === 401 || error.status === 403)) {
        storeRemembered(false);
      }
      return false;
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
}

/** Whether this tab's token came from the refresh route and is about to stop working. */
export function tokenNeedsRefresh(now = Date.now()): boolean {
  const expiresAt = readTokenExpiry();
  return expiresAt !== null && readRemembered() && expiresAt - now < REFRESH_AHEAD_MS;
}
