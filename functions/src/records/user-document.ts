import type { DisplayLanguage } from '@ratkaisu/core';
import type { BaseDoc } from '../ports/store.js';

export const ROLES = ['User', 'Admin', 'SuperAdmin'] as const;
export type Role = (typeof ROLES)[number];

/** Terms of service decision, as docs/product.md section 3 numbers it. */
export const AGREED_TERMS = { Undefined: 0, Agreed: 1, Declined: 2 } as const;
export type AgreedTerms = (typeof AGREED_TERMS)[keyof typeof AGREED_TERMS];

/** A user account. Partitioned by its own id: look-ups by name or email are indexed queries. */
export interface UserDocument extends BaseDoc {
  tenantId: string;
  userName: string;
  /**
   * The person's full name, asked at sign-up and editable on the account page: awards and proposals print it
   * for counsel and for whoever set a decision's settings; accounts from before it fall back to `userName`.
   */
  fullName?: string;
  /** Lower-cased for case-insensitive uniqueness and sign-in. */
  userNameKey: string;
  email: string;
  emailKey: string;
  emailConfirmed: boolean;
  /** argon2id PHC string; absent for work accounts that sign in through Entra ID. */
  passwordHash?: string;
  roles: Role[];
  isActive: boolean;
  dateJoined: string;
  tfaEnabled: boolean;
  /** The TOTP secret, encrypted at rest (AES-256-GCM); present once a key was issued. */
  tfaSecretEncrypted?: string;
  /** The last TOTP time step accepted, so a code is accepted once only. */
  tfaLastUsedStep?: number;
  /**
   * The two-factor recovery codes (services/accounts/recovery-codes.ts): ten, each kept only as an argon2id
   * hash and marked when spent; replaced whole when new ones are made, removed when two-factor is turned off.
   */
  tfaRecoveryCodes?: { hash: string; usedAt?: string }[];
  /** When the current recovery codes were made. */
  tfaRecoveryCodesAt?: string;
  agreedTermsOfService: AgreedTerms;
  /** When the user last accepted the terms, and which version (TERMS_OF_SERVICE_VERSION); absent once declined. */
  agreedTermsAt?: string;
  agreedTermsVersion?: string;
  lastActivity?: string;
  /** Work accounts: the Entra ID directory (tid) and object id (oid) that identify the user. */
  entra?: { tid: string; oid: string };
  /**
   * The arbitrator attribute: the name and title printed under an award's signature line. Granted and withdrawn
   * by an administrator of the user's tenant (services/tribunal/set-arbitrator.ts).
   */
  arbitrator?: { name: string; title: string; grantedAt: string; grantedBy: string };
  /** The account's language: mails and notices go to it in this language; absent = English. */
  language?: DisplayLanguage;
  /**
   * A promo code given at registration (docs/fees.md "Promo codes"), upper case, checked then; the account's
   * next payment takes it (services/promo-codes/apply-remembered-promo-code.ts) and it is removed once used.
   */
  promoCode?: string;
  /** Set when the account's sessions must all end (password reset, deactivation). */
  sessionsValidAfter?: string;
  /**
   * When the holder closed the account (services/account-closure/close-account.ts): the profile is pseudonymised,
   * the password hash, two-factor secret and work-account link are gone, and nothing can sign in as it again.
   */
  closedAt?: string;
  /**
   * Written with the closure, in the same conditional write: the other representatives of each case the
   * person represented, still to be told that they left. Each entry goes once its notice is written
   * (account-closure/send-departure-notices.ts); one a crash left is sent by the `sendDepartureNotices` timer.
   */
  departureNotices?: DepartureNotice[];
}

export interface DepartureNotice {
  disputeId: string;
  /** The side the person represented. */
  side: 'claimant' | 'respondent';
  /** The addresses to tell (the person's own left out). */
  recipients: string[];
}

/** The name documents print for an account: its full name, else (an account from before full names) its username. */
export function displayName(user: Pick<UserDocument, 'fullName' | 'userName'>): string {
  return user.fullName?.trim() || user.userName;
}
