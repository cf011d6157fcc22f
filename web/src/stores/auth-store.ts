import { RETURN_TO_PARAM, safeReturnPath } from '@ratkaisu/core';
import { create } from 'zustand';
import * as z from 'zod/mini';
import { clearStoredToken, readStoredToken, storeToken } from './token-storage';

/** agreedTermsOfService values (SPEC.md section 3). */
export const TermsAgreement = { Undefined: 0, Agreed: 1, Declined: 2 } as const;
export type TermsAgreement = (typeof TermsAgreement)[keyof typeof TermsAgreement];

/** The user data the server returns from login and check-auth; unknown extra fields are ignored. */
const idLike = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value: string | number) => String(value)),
);

export const currentUserSchema = z.object({
  id: idLike,
  userName: z.nullish(z.string()),
  email: z.nullish(z.string()),
  dateJoined: z.nullish(z.union([z.date(), z.string()])),
  emailConfirmed: z.nullish(z.boolean()),
  tfaEnabled: z.nullish(z.boolean()),
  sessionId: z.nullish(idLike),
  agreedTermsOfService: z.nullish(z.union([z.literal(0), z.literal(1), z.literal(2)])),
  // The api client turns ISO timestamps into Dates.
  agreedTermsAt: z.nullish(z.union([z.date(), z.string()])),
  agreedTermsVersion: z.nullish(z.string()),
});
export type ServerUser = z.input<typeof currentUserSchema>;

export interface AuthState {
  id: string | null;
  userName: string;
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
  setShowLogin: (show: boolean) => void;
  setShowRegister: (show: boolean) => void;
  /** Forget the user and the token. */
  clear: () => void;
}

const signedOut: AuthState = {
  id: null,
  userName: '',
  dateJoined: null,
  loggedIn: false,
  email: '',
  emailConfirmed: false,
  tfaEnabled: false,
  sessionId: null,
  agreedTermsOfService: TermsAgreement.Undefined,
  agreedTermsAt: null,
  agreedTermsVersion: null,
  showlogin: false,
  showRegister: false,
  hasToken: false,
};

/** Reads the user from a server answer; accepts the user itself or `{ user }`. Throws when it is not a user. */
export function parseServerUser(answer: unknown): Omit<AuthState, 'showlogin' | 'showRegister' | 'hasToken'> {
  const candidate =
    typeof answer === 'object' && answer !== null && 'user' in answer ? (answer as { user: unknown }).user : answer;
  const user = currentUserSchema.parse(candidate);
  const joined = user.dateJoined instanceof Date ? user.dateJoined : user.dateJoined ? new Date(user.dateJoined) : null;
  return {
    id: user.id,
    userName: user.userName ?? '',
    email: user.email ?? '',
    dateJoined: joined && !Number.isNaN(joined.getTime()) ? joined : null,
    loggedIn: true,
    emailConfirmed: user.emailConfirmed ?? false,
    tfaEnabled: user.tfaEnabled ?? false,
    sessionId: user.sessionId ?? null,
    agreedTermsOfService: user.agreedTermsOfService ?? TermsAgreement.Undefined,
    agreedTermsAt: user.agreedTermsAt instanceof Date ? user.agreedTermsAt.toISOString() : (user.agreedTermsAt ?? null),
    agreedTermsVersion: user.agreedTermsVersion ?? null,
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
  setShowLogin: (show) => set({ showlogin: show }),
  setShowRegister: (show) => set({ showRegister: show }),
  clear: () => {
    clearStoredToken();
    set(signedOut);
  },
}));

/**
 * Where to go after signing in (SPEC.md /checkauth): terms first while they are undecided or declined,
 * carrying the return target; then the page a mail link pointed to (a safe path on this site) or home.
 */
export function pathAfterSignIn(agreed: TermsAgreement, returnTo?: string | null): string {
  const safe = safeReturnPath(returnTo);
  if (agreed !== TermsAgreement.Agreed) {
    return safe ? `/terms-of-service?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : '/terms-of-service';
  }
  return safe ?? '/home';
}
