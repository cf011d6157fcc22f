import { getEnv } from '../config/env';
import { readStoredToken } from '../stores/token-storage';
import { getIdentityClient } from './msal';
import { refreshRememberedSession, tokenNeedsRefresh } from './remembered-session';

/**
 * The bearer token for API calls: the local-account session token when there is one (renewed through the
 * refresh route when it came from there),
 * otherwise a work-account access token obtained silently, with a popup as fallback.
 */
export async function getBearerToken(): Promise<string | null> {
  // A remembered session's tab token is short-lived: renew it before it runs out.
  if (tokenNeedsRefresh()) await refreshRememberedSession();
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
