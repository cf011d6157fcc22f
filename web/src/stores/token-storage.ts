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
  memoryTokenExpiry = null;
  storage()?.removeItem(TOKEN_STORAGE_KEY);
  storage()?.removeItem(TOKEN_EXPIRY_STORAGE_KEY);
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

/**
 * When the tab's bearer token from the refresh route stops working (ms since
 * the epoch), beside the token in session storage. Absent for a sign-in's own
 * token, which lives as long as its session.
 */
export const TOKEN_EXPIRY_STORAGE_KEY = 'ratkaisu.tokenExpiresAt';

let memoryTokenExpiry: number | null = null;

export function readTokenExpiry(): number | null {
  const stored = storage()?.getItem(TOKEN_EXPIRY_STORAGE_KEY);
  const parsed = stored ? Number(stored) : NaN;
  return Number.isFinite(parsed) ? parsed : memoryTokenExpiry;
}

export function storeTokenExpiry(expiresAt: number | null): void {
  memoryTokenExpiry = expiresAt;
  if (expiresAt === null) storage()?.removeItem(TOKEN_EXPIRY_STORAGE_KEY);
  else storage()?.setItem(TOKEN_EXPIRY_STORAGE_KEY, String(expiresAt));
}

function deviceStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Facts about this device that outlive the tab, and only facts — never a
 * credential: that a "Keep me signed in" session may be waiting behind the
 * httpOnly cookie (so a new tab asks the refresh route, and a device that
 * never chose it makes no such call), and whether the last sign-in here was a
 * work account (so a new tab first tries Entra ID silently).
 */
export const REMEMBERED_STORAGE_KEY = 'ratkaisu.remembered';
export const LAST_SIGN_IN_STORAGE_KEY = 'ratkaisu.lastSignIn';

export function readRemembered(): boolean {
  return deviceStorage()?.getItem(REMEMBERED_STORAGE_KEY) === '1';
}

export function storeRemembered(remembered: boolean): void {
  if (remembered) deviceStorage()?.setItem(REMEMBERED_STORAGE_KEY, '1');
  else deviceStorage()?.removeItem(REMEMBERED_STORAGE_KEY);
}

export type SignInKind = 'local' | 'work';

export function readLastSignIn(): SignInKind | null {
  const value = deviceStorage()?.getItem(LAST_SIGN_IN_STORAGE_KEY);
  return value === 'local' || value === 'work' ? value : null;
}

export function storeLastSignIn(kind: SignInKind | null): void {
  if (kind) deviceStorage()?.setItem(LAST_SIGN_IN_STORAGE_KEY, kind);
  else deviceStorage()?.removeItem(LAST_SIGN_IN_STORAGE_KEY);
}
