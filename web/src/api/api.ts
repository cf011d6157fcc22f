import { getEnv } from '../config/env';
import { getBearerToken } from '../identity/bearer-token';
import { readStoredToken, readWorkSessionId } from '../stores/token-storage';
import { type ApiClientOptions, createApiClient } from './client';

/**
 * The app's API client: base host from VITE_API_BASE_URL, bearer token of the
 * signed-in caller, and for work accounts the server session the token is bound to.
 */
export const apiClientOptions: ApiClientOptions = {
  baseUrl: () => getEnv().apiBaseUrl,
  getToken: getBearerToken,
  getHeaders: (): Record<string, string> => {
    const workSession = readStoredToken() ? null : readWorkSessionId();
    return workSession ? { 'X-Session-Id': workSession } : {};
  },
};

export const api = createApiClient(apiClientOptions);
