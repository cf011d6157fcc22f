import { getEnv } from '../config/env';
import { readStoredToken } from '../stores/token-storage';
import { getIdentityClient } from './msal';

/** Whether the caller is signed in with a work account (Entra ID) rather than a local password. */
export function signedInWithWorkAccount(): boolean {
  return !readStoredToken() && Boolean(getIdentityClient()?.getActiveAccount());
}

/**
 * A work account's re-authentication for an act that needs one (signing an award): Microsoft asks for the
 * sign-in again (`prompt: 'login'`), so the token's issue time proves a fresh sign-in. Null when there is
 * no work account or the user closed the window.
 */
export async function freshWorkAccountToken(): Promise<string | null> {
  const client = getIdentityClient();
  const account = client?.getActiveAccount();
  const apiScope = getEnv().entra?.apiScope;
  if (!client || !account || !apiScope) return null;
  try {
    return (await client.acquireTokenPopup({ scopes: [apiScope], account, prompt: 'login' })).accessToken;
  } catch {
    return null;
  }
}
