import { decodeJwt } from 'jose';
import type { AuditAction } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { recordAudit } from '../audit/record-audit.js';
import { verifyEntraToken } from '../identity/verify-entra-token.js';
import { returnQuotaSlot, takeQuotaSlot } from '../limits/fixed-window-quota.js';
import { WRONG_PASSWORDS_PER_ACCOUNT } from './account-quotas.js';
import { verifyPassword } from './hash-password.js';
import { verifySecondFactorThrottled } from './verify-two-factor-code.js';

/** How fresh a work account's Microsoft sign-in must be to count as signing in again. */
export const ENTRA_FRESHNESS_SECONDS = 300;
/** How long a re-authentication unlocks what it was asked for (a signing key): the request it was made in. */
export const REAUTHENTICATION_VALID_MS = 60_000;

/** Why signing in again failed; each caller words it in its own catalogue. */
export type ReauthenticationRefusal =
  | 'noLocalPassword'
  | 'passwordRequired'
  | 'wrongPassword'
  | 'codeRequired'
  | 'wrongCode'
  | 'workAccountRequired'
  | 'workAccountMismatch';

const brand = Symbol('reauthenticated');

/**
 * Proof that the caller has just signed in again: made only here, so a service that takes one (the signing
 * key of an arbitrator, services/signing/unlock-arbitrator-signer.ts) knows the check was done, by whom, how
 * and when.
 */
export class Reauthentication {
  readonly [brand] = true;
  private constructor(
    readonly userId: string,
    readonly at: Date,
    readonly method: 'password' | 'password and second factor' | 'work account',
  ) {}

  static isFresh(proof: unknown, userId: string, now: Date): proof is Reauthentication {
    return (
      proof instanceof Reauthentication &&
      proof[brand] &&
      proof.userId === userId &&
      now.getTime() - proof.at.getTime() <= REAUTHENTICATION_VALID_MS
    );
  }

  /** @internal for reauthenticate() only */
  static issue(userId: string, at: Date, method: Reauthentication['method']): Reauthentication {
    return new Reauthentication(userId, at, method);
  }
}

export interface ReauthenticationRequest {
  password?: string;
  /** The authenticator code, or a recovery code: required where the account has two-factor sign-in on. */
  code?: string;
  /** A work account's access token from a Microsoft sign-in of the last five minutes. */
  entraToken?: string;
}

export interface ReauthenticationOptions {
  client: ClientInfo;
  /** The audited action a refusal is recorded under (the action that asked). */
  audit: { action: AuditAction; entityType: string; entityId: string };
  /** Whether a work account without a local password may prove itself with a fresh Microsoft sign-in. */
  allowWorkAccount: boolean;
  /** The caller's words and error for each refusal: recorded in the audit and thrown. */
  refuse: (reason: ReauthenticationRefusal) => { message: string; error: Error };
}

/**
 * Signs the caller in again for a sensitive step (change-password, sign-award): the password, and the
 * authenticator code where two-factor sign-in is on — each wrong guess counting against the account's hourly
 * allowance of wrong passwords and codes — or, for a work account, a Microsoft token for the same account
 * issued within five minutes. A refusal is audited under the asking action and thrown as the caller words it.
 */
export async function reauthenticate(
  deps: Deps,
  caller: Caller,
  request: ReauthenticationRequest,
  options: ReauthenticationOptions,
): Promise<Reauthentication> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  const refuse = async (reason: ReauthenticationRefusal): Promise<never> => {
    const { message, error } = options.refuse(reason);
    await recordAudit(deps, {
      ...options.audit,
      ...(user ? { userId: user.id, userEmail: user.email } : {}),
      success: false,
      ipAddress: options.client.ipAddress,
      errorMessage: message,
    });
    throw error;
  };
  if (!user) return refuse('wrongPassword');
  const now = () => deps.clock.now();

  if (!user.passwordHash) {
    if (!user.entra || !options.allowWorkAccount) return refuse('noLocalPassword');
    if (!request.entraToken) return refuse('workAccountRequired');
    const identity = await verifyEntraToken(deps, request.entraToken).catch(() => undefined);
    const issuedAt = decodeJwt(request.entraToken).iat ?? 0;
    const fresh = now().getTime() / 1000 - issuedAt <= ENTRA_FRESHNESS_SECONDS;
    if (!identity || identity.oid !== user.entra.oid || identity.tid !== user.entra.tid || !fresh) {
      return refuse('workAccountMismatch');
    }
    return Reauthentication.issue(user.id, now(), 'work account');
  }

  if (!request.password) return refuse('passwordRequired');
  // Counted before it is judged (one conditional write), so parallel guesses cannot overshoot; a right one gives it back.
  await takeQuotaSlot(deps, WRONG_PASSWORDS_PER_ACCOUNT, user.id);
  if (!(await verifyPassword(user.passwordHash, request.password))) return refuse('wrongPassword');
  await returnQuotaSlot(deps, WRONG_PASSWORDS_PER_ACCOUNT, user.id);
  if (!user.tfaEnabled) return Reauthentication.issue(user.id, now(), 'password');
  if (!request.code?.trim()) return refuse('codeRequired');
  const use = { purpose: `sign in again (${options.audit.action})`, ipAddress: options.client.ipAddress };
  if (!(await verifySecondFactorThrottled(deps, user.id, request.code, use))) return refuse('wrongCode');
  return Reauthentication.issue(user.id, now(), 'password and second factor');
}
