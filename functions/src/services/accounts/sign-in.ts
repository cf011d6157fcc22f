import { refusal } from '@ratkaisu/core';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { DomainError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import { StoreConflictError, StoreNotFoundError, type Stored } from '../../ports/store.js';
import { recordAudit } from '../audit/record-audit.js';
import type { AuditEntry } from '../audit/record-audit.js';
import { startSession } from '../sessions/start-session.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { toCurrentUser, type CurrentUser } from '../../records/current-user.js';
import type { PasswordHashCost } from '../../config.js';
import { hashPassword, verifyPassword } from './hash-password.js';
import {
  releaseSignInAttempt,
  settleSignInSuccess,
  takeSignInAttempt,
  type SignInKeys,
  type SignInTicket,
} from './sign-in-throttle.js';
import type { UserDocument } from '../../records/user-document.js';
import { verifySecondFactorThrottled } from './verify-two-factor-code.js';

export const WRONG_CREDENTIALS_MESSAGE = refusal('accounts.wrongCredentials').message;
export const EMAIL_NOT_CONFIRMED_MESSAGE = refusal('accounts.emailNotConfirmed').message;
export const ACCOUNT_INACTIVE_MESSAGE = refusal('accounts.accountInactive').message;
export const TFA_CODE_REQUIRED_MESSAGE = refusal('accounts.tfaCodeRequired').message;
export const TFA_CODE_WRONG_MESSAGE = refusal('accounts.tfaCodeWrong').message;

export interface SignInInput {
  /** The user name or the email address, either in any letter case. */
  username: string;
  password: string;
  tfaCode?: string;
  /** "Keep me signed in": a remembered session with a refresh token for the httpOnly cookie. */
  remember?: boolean;
}

/**
 * Local sign-in (`POST /user/login`). An unknown name and a wrong password get
 * the same answer after the same work (an argon2 verification against a dummy
 * hash), so the answer never tells whether an account exists. Attempts are
 * counted atomically per account and per address before they are judged
 * (sign-in-throttle.ts). Facts about the
 * account (unconfirmed email, inactive, two-factor) are told only to someone
 * who knows its password.
 */
export async function signIn(
  deps: Deps,
  input: SignInInput,
  client: ClientInfo,
): Promise<{ token: string; user: CurrentUser; refreshToken?: string; expiresAt?: string }> {
  const attempt: AuditEntry = {
    action: 'LoginFailed',
    success: false,
    ipAddress: client.ipAddress,
    details: `Sign-in name: ${input.username.slice(0, 256)}`,
  };

  // The account is resolved first, so its back-off holds for the username and the email alike.
  const user = await findUserByName(deps, input.username);
  const keys: SignInKeys = {
    account: user ? { userId: user.id } : { name: input.username },
    ipAddress: client.ipAddress,
  };
  let ticket: SignInTicket;
  try {
    ticket = await takeSignInAttempt(deps, keys);
  } catch (error) {
    if (error instanceof TooManyRequestsError) {
      await recordAudit(deps, {
        ...attempt,
        ...(user ? { userId: user.id, userEmail: user.email } : {}),
        errorMessage: error.message,
      });
    }
    throw error;
  }

  const passwordHash = user?.passwordHash ?? (await dummyHash(deps.config.accounts.passwordHashCost));
  const passwordRight = (await verifyPassword(passwordHash, input.password)) && user?.passwordHash !== undefined;
  if (!user || !passwordRight) {
    // The attempt stays counted.
    await recordAudit(deps, {
      ...attempt,
      ...(user ? { userId: user.id, userEmail: user.email } : {}),
      errorMessage: WRONG_CREDENTIALS_MESSAGE,
    });
    throw new UnauthorizedError(refusal('accounts.wrongCredentials'));
  }

  const known: AuditEntry = { ...attempt, userId: user.id, userEmail: user.email };
  if (!user.emailConfirmed) {
    // The password was right: not a guess.
    await releaseSignInAttempt(deps, ticket);
    await recordAudit(deps, { ...known, errorMessage: EMAIL_NOT_CONFIRMED_MESSAGE });
    throw new ForbiddenError(refusal('accounts.emailNotConfirmed'));
  }
  const tenant = await deps.store.collection<TenantDocument>('tenants').read(user.tenantId, user.tenantId);
  if (!user.isActive || !tenant?.isActive) {
    await releaseSignInAttempt(deps, ticket);
    await recordAudit(deps, { ...known, errorMessage: ACCOUNT_INACTIVE_MESSAGE });
    throw new ForbiddenError(refusal('accounts.accountInactive'));
  }

  if (user.tfaEnabled) {
    const code = input.tfaCode?.trim();
    // A missing code is the normal first step of a two-factor sign-in, not a guess: it is given back.
    if (!code) {
      await releaseSignInAttempt(deps, ticket);
      throw new DomainError('unauthorized', 401, refusal('accounts.tfaCodeRequired'), {
        tfaCode: TFA_CODE_REQUIRED_MESSAGE,
      });
    }
    // Counted twice: as a sign-in attempt (kept) and as a second-factor check of the account.
    if (
      !(await verifySecondFactorThrottled(deps, user.id, code, { purpose: 'sign in', ipAddress: client.ipAddress }))
    ) {
      await recordAudit(deps, { ...known, errorMessage: TFA_CODE_WRONG_MESSAGE });
      throw new DomainError('unauthorized', 401, refusal('accounts.tfaCodeWrong'), { tfaCode: TFA_CODE_WRONG_MESSAGE });
    }
  }

  await settleSignInSuccess(deps, ticket);
  const { session, token, refreshToken, tokenExpiresAt } = await startSession(deps, user, client, 'local', {
    persistent: input.remember === true,
  });
  const signedIn = await touchLastActivity(deps, user);
  await recordAudit(deps, {
    action: 'Login',
    success: true,
    userId: user.id,
    userEmail: user.email,
    entityType: 'Session',
    entityId: session.id,
    ipAddress: client.ipAddress,
    ...(refreshToken ? { details: 'Keep me signed in' } : {}),
  });
  return {
    token: token!,
    user: toCurrentUser(signedIn, session.id),
    ...(refreshToken ? { refreshToken, expiresAt: tokenExpiresAt } : {}),
  };
}

async function findUserByName(deps: Deps, name: string): Promise<Stored<UserDocument> | undefined> {
  const key = name.trim().toLowerCase();
  if (!key) return undefined;
  const users = deps.store.collection<UserDocument>('users');
  for (const field of ['userNameKey', 'emailKey'] as const) {
    const page = await users.query({ where: [{ field, op: '=', value: key }], limit: 1 });
    if (page.items[0]) return page.items[0];
  }
  return undefined;
}

/** Records when the user was last seen; a lost race means someone else just wrote it, which is as good. */
async function touchLastActivity(deps: Deps, user: UserDocument): Promise<UserDocument> {
  const users = deps.store.collection<UserDocument>('users');
  // Two-factor verification may have written the user since it was read.
  const current = await users.read(user.pk, user.id);
  if (!current) return user;
  const { _etag, ...doc } = current;
  const updated = { ...doc, lastActivity: deps.clock.now().toISOString() };
  try {
    await users.replace(updated, { ifMatch: _etag });
  } catch (error) {
    if (!(error instanceof StoreConflictError) && !(error instanceof StoreNotFoundError)) throw error;
  }
  return updated;
}

const dummies = new Map<PasswordHashCost, Promise<string>>();

/** A hash of a random password, so an unknown name costs the same argon2 work as a known one. */
function dummyHash(cost: PasswordHashCost): Promise<string> {
  let dummy = dummies.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(32).toString('base64url'), cost);
    dummies.set(cost, dummy);
  }
  return dummy;
}
