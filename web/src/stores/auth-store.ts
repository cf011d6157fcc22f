import { RETURN_TO_PARAM, safeReturnPath } from '@ratkaisu/core';
import { create } from 'zustand';
import { clearStoredToken, readStoredToken, storeToken } from './token-storage';

/** agreedTermsOfService values (docs/product.md section 3). */
export const TermsAgreement = { Undefined: 0, Agreed: 1, Declined: 2 } as const;
export type TermsAgreement = (typeof TermsAgreement)[keyof typeof TermsAgreement];

/**
 * The user data the server returns from login and check-auth; unknown extra fields are ignored. Checked by hand,
 * not with zod: the store is on the sign-in page's first load, and one small shape does not warrant a schema
 * library's core there.
 */
export interface ServerUser {
  id: string | number;
  userName?: string | null;
  /** The name documents print (absent on an account from before full names). */
  fullName?: string | null;
  email?: string | null;
  dateJoined?: Date | string | null;
  emailConfirmed?: boolean | null;
  tfaEnabled?: boolean | null;
  sessionId?: string | number | null;
  agreedTermsOfService?: 0 | 1 | 2 | null;
  // The api client turns ISO timestamps into Dates.
  agreedTermsAt?: Date | string | null;
  agreedTermsVersion?: string | null;
  /** The account's language for mails and notices. */
  language?: 'en' | 'fi' | null;
}

/** Thrown when a server answer is not a user: names the fields that are wrong. */
export class ServerUserError extends Error {
  override name = 'ServerUserError';
}

type Check = (value: unknown) => boolean;
const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const isIdLike: Check = (value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const isDateLike: Check = (value) => value instanceof Date || typeof value === 'string';
const isTerms: Check = (value) => value === 0 || value === 1 || value === 2;
const isLanguage: Check = (value) => value === 'en' || value === 'fi';

/** Each field but id may be missing or null. */
const optionalFields: Record<Exclude<keyof ServerUser, 'id'>, Check> = {
  userName: isString,
  fullName: isString,
  email: isString,
  dateJoined: isDateLike,
  emailConfirmed: isBoolean,
  tfaEnabled: isBoolean,
  sessionId: isIdLike,
  agreedTermsOfService: isTerms,
  agreedTermsAt: isDateLike,
  agreedTermsVersion: isString,
  language: isLanguage,
};

function asServerUser(candidate: unknown): ServerUser {
  if (typeof candidate !== 'object' || candidate === null) throw new ServerUserError('The answer is not a user.');
  const record = candidate as Record<string, unknown>;
  const wrong = isIdLike(record.id) ? [] : ['id'];
  for (const [field, check] of Object.entries(optionalFields))
    if (record[field] !== undefined && record[field] !== null && !check(record[field])) wrong.push(field);
  if (wrong.length > 0) throw new ServerUserError(`The user data is unusable: ${wrong.join(', ')}.`);
  return record as unknown as ServerUser;
}

export interface AuthState {
  id: string | null;
  userName: string;
  /** '' on an account from before full names. */
  fullName: string;
  dateJoined: Date | null;
  loggedIn: boolean;
  email: string;
  emailConfirmed: boolean;
  tfaEnabled: boolean;
  sessionId: string | null;
  agreedTermsOfService: TermsAgreement;
  /** When and which version of the terms the user accepted, as the server recorded it. */
  agreedTermsAt: string | null;
  agreedTermsVersion: string | null;
  /** The account's language for mails and notices; null until the server said (or a work account without one). */
  language: 'en' | 'fi' | null;
  showlogin: boolean;
  showRegister: boolean;
  /** Whether a bearer token is held (the token itself stays in session storage). */
  hasToken: boolean;
}

export interface AuthActions {
  /** A local-account sign-in succeeded: keep the token and the user. */
  signIn: (token: string, user: unknown) => void;
  /** check-auth answered: refresh the user (keeps the token). */
  setUser: (user: unknown) => void;
  setAgreedTermsOfService: (value: TermsAgreement) => void;
  setFullName: (fullName: string) => void;
  setAccountLanguage: (language: 'en' | 'fi') => void;
  setShowLogin: (show: boolean) => void;
  setShowRegister: (show: boolean) => void;
  /** Forget the user and the token. */
  clear: () => void;
}

const signedOut: AuthState = {
  id: null,
  userName: '',
  fullName: '',
  dateJoined: null,
  loggedIn: false,
  email: '',
  emailConfirmed: false,
  tfaEnabled: false,
  sessionId: null,
  agreedTermsOfService: TermsAgreement.Undefined,
  agreedTermsAt: null,
  agreedTermsVersion: null,
  language: null,
  showlogin: false,
  showRegister: false,
  hasToken: false,
};

/** Reads the user from a server answer; accepts the user itself or `{ user }`. Throws when it is not a user. */
export function parseServerUser(answer: unknown): Omit<AuthState, 'showlogin' | 'showRegister' | 'hasToken'> {
  const candidate =
    typeof answer === 'object' && answer !== null && 'user' in answer ? (answer as { user: unknown }).user : answer;
  const user = asServerUser(candidate);
  const joined = user.dateJoined instanceof Date ? user.dateJoined : user.dateJoined ? new Date(user.dateJoined) : null;
  return {
    id: String(user.id),
    userName: user.userName ?? '',
    fullName: user.fullName ?? '',
    email: user.email ?? '',
    dateJoined: joined && !Number.isNaN(joined.getTime()) ? joined : null,
    loggedIn: true,
    emailConfirmed: user.emailConfirmed ?? false,
    tfaEnabled: user.tfaEnabled ?? false,
    sessionId: user.sessionId === undefined || user.sessionId === null ? null : String(user.sessionId),
    agreedTermsOfService: user.agreedTermsOfService ?? TermsAgreement.Undefined,
    agreedTermsAt: user.agreedTermsAt instanceof Date ? user.agreedTermsAt.toISOString() : (user.agreedTermsAt ?? null),
    agreedTermsVersion: user.agreedTermsVersion ?? null,
    language: user.language ?? null,
  };
}

export const useAuthStore = create<AuthState & AuthActions>()((set) => ({
  ...signedOut,
  hasToken: readStoredToken() !== null,
  signIn: (token, user) => {
    const parsed = parseServerUser(user);
    storeToken(token);
    set({ ...parsed, hasToken: true, showlogin: false, showRegister: false });
  },
  setUser: (user) => set(parseServerUser(user)),
  setAgreedTermsOfService: (value) => set({ agreedTermsOfService: value }),
  setFullName: (fullName) => set({ fullName }),
  setAccountLanguage: (language) => set({ language }),
  setShowLogin: (show) => set({ showlogin: show }),
  setShowRegister: (show) => set({ showRegister: show }),
  clear: () => {
    clearStoredToken();
    set(signedOut);
  },
}));

/**
 * Where to go after signing in (docs/product.md /checkauth): terms first while they are undecided or declined,
 * carrying the return target; then the page a mail link pointed to (a safe path on this site) or home.
 */
export function pathAfterSignIn(agreed: TermsAgreement, returnTo?: string | null): string {
  const safe = safeReturnPath(returnTo);
  if (agreed !== TermsAgreement.Agreed) {
    return safe ? `/terms-of-service?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : '/terms-of-service';
  }
  return safe ?? '/home';
}
