import { getEnv } from '../config/env';
import { readStoredToken } from '../stores/token-storage';
import { getIdentityClient } from './msal';

/**
 * The bearer token for API calls: the local-account session token when there is one,
 * otherwise a work-account access token obtained silently, with a popup as fallback.
 */
export async function getBearerToken(): Promise<string | null> {
  const stored = readStoredToken();
  if (stored) return stored;

  const client = getIdentityClient();
  const account = client?.getActiveAccount();
  const apiScope = getEnv().entra?.apiScope;
  if (!client || !account || !apiScope) return null;

  const request = { scopes: [apiScope], account };
  try {
    return (await client.acquireTokenSilent(request)).accessToken;
  } catch {
    try {
      return (await client.acquireTokenPopup(request)).accessToken;
    } catch {
      return null;
    }
  }
}
