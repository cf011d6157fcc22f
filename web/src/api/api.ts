import { getEnv } from '../config/env';
import { readStoredToken, readWorkSessionId } from '../stores/token-storage';
import { type ApiClientOptions, createApiClient } from './client';

/** Where the bearer token of API calls comes from; null when signed out. */
export type TokenProvider = () => Promise<string | null>;

/** Until start-up registers the identity's provider: the local-account session token alone. */
let tokenProvider: TokenProvider = async () => readStoredToken();

/**
 * Registers where API calls get their bearer token. main.tsx registers identity/bearer-token.ts's
 * (local session token, else a work-account access token), so that api/ never imports identity/,
 * which itself calls the API.
 */
export function setTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

let sessionEnding = false;

/**
 * Marks the caller's session as being ended on purpose (signing out, ending all sessions), or no longer:
 * meanwhile a 401 from a call in flight (the notices poll, a live page) is the expected end, not a reason
 * to show the access-denied page.
 */
export function setSessionEnding(ending: boolean): void {
  sessionEnding = ending;
}

/**
 * The app's API client: base host from VITE_API_BASE_URL, bearer token of the
 * signed-in caller, and for work accounts the server session the token is bound to.
 */
export const apiClientOptions: ApiClientOptions = {
  baseUrl: () => getEnv().apiBaseUrl,
  getToken: () => tokenProvider(),
  getHeaders: (): Record<string, string> => {
    const workSession = readStoredToken() ? null : readWorkSessionId();
    return workSession ? { 'X-Session-Id': workSession } : {};
  },
  isSessionEnding: () => sessionEnding,
};

export const api = createApiClient(apiClientOptions);
