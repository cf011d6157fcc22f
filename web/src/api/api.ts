import { getEnv } from '../config/env';
import { getBearerToken } from '../identity/bearer-token';
import { createApiClient } from './client';

/** The app's API client: base host from VITE_API_BASE_URL, bearer token of the signed-in caller. */
export const api = createApiClient({ baseUrl: () => getEnv().apiBaseUrl, getToken: getBearerToken });
