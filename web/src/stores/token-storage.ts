/** The local-account bearer token lives in session storage: it ends with the tab, like the identity cache. */
export const TOKEN_STORAGE_KEY = 'ratkaisu.token';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings); then the session lasts only for this page.
    return undefined;
  }
}

let memoryToken: string | null = null;

export function readStoredToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) ?? memoryToken;
}

export function storeToken(token: string): void {
  memoryToken = token;
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearStoredToken(): void {
  memoryToken = null;
  storage()?.removeItem(TOKEN_STORAGE_KEY);
}

/**
 * A work account's server session id. Work-account requests carry the Entra
 * access token and name their session in `X-Session-Id` (the server binds the
 * two), so ending the session on the server stops them at once.
 */
export const WORK_SESSION_STORAGE_KEY = 'ratkaisu.workSession';

let memoryWorkSession: string | null = null;

export function readWorkSessionId(): string | null {
  return storage()?.getItem(WORK_SESSION_STORAGE_KEY) ?? memoryWorkSession;
}

export function storeWorkSessionId(sessionId: string): void {
  memoryWorkSession = sessionId;
  storage()?.setItem(WORK_SESSION_STORAGE_KEY, sessionId);
}

export function clearWorkSessionId(): void {
  memoryWorkSession = null;
  storage()?.removeItem(WORK_SESSION_STORAGE_KEY);
}

/**
 * Set while a work account is signed in in this tab. MSAL keeps the account in
 * session storage too, but MSAL is loaded only when needed: this mark is how
 * start-up knows, without loading it, that there is a work account to restore.
 */
export const WORK_ACCOUNT_STORAGE_KEY = 'ratkaisu.workAccount';

export function readWorkAccountMark(): boolean {
  return storage()?.getItem(WORK_ACCOUNT_STORAGE_KEY) === '1';
}

export function markWorkAccount(): void {
  storage()?.setItem(WORK_ACCOUNT_STORAGE_KEY, '1');
}

export function clearWorkAccountMark(): void {
  storage()?.removeItem(WORK_ACCOUNT_STORAGE_KEY);
}
