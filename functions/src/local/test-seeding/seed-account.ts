import { randomUUID } from 'node:crypto';
import { TERMS_OF_SERVICE_VERSION, type DisplayLanguage } from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { BadRequestError } from '../../errors.js';
import { AGREED_TERMS, type UserDocument } from '../../records/user-document.js';
import { claimAccountKey } from '../../services/accounts/claim-account-key.js';
import { hashPassword } from '../../services/accounts/hash-password.js';
import { encryptSecret } from '../../services/accounts/secret-box.js';
import { tfaEncryptionKey } from '../../services/accounts/tfa-encryption-key.js';
import { newTotpSecret } from '../../services/accounts/two-factor-totp.js';
import { startSession } from '../../services/sessions/start-session.js';

/** What a test asks of an account it starts from (the sign-up, mail and sign-in are other specs' subject). */
export interface AccountSeed {
  /** A word the user name and address are made from; a random suffix keeps them unique. */
  name: string;
  fullName?: string;
  password?: string;
  language?: DisplayLanguage;
  /** The arbitrator attribute an administrator grants (the name and title an award prints). */
  arbitrator?: { name: string; title: string };
  /** Two-factor sign-in on, with a secret the test is given to make codes from. */
  secondFactor?: boolean;
  /** The terms decided (default) or left undecided, as for an account registered without them. */
  agreedTerms?: boolean;
}

export interface SeededAccount {
  id: string;
  userName: string;
  email: string;
  password: string;
  fullName: string;
  /** A bearer token of a local session opened for the account: what a sign-in would have answered. */
  token: string;
  /** The base32 TOTP secret, when the account has two-factor sign-in on. */
  tfaSecret?: string;
}

export const SEEDED_PASSWORD = 'Kuusi-puuta-9';

const SEEDING_CLIENT = { ipAddress: '127.0.0.1', device: 'test seeding' };

/**
 * A confirmed local account written straight into the store, with its user name and address claimed as a
 * registration claims them, and a session opened for it: the state a registration, the mailed confirmation
 * link and a sign-in reach, without them.
 */
export async function seedAccount(deps: Deps, seed: AccountSeed): Promise<SeededAccount> {
  const id = randomUUID();
  const suffix = id.slice(0, 8);
  const userName = `${seed.name}${suffix}`;
  const email = `${seed.name}.${suffix}@example.fi`;
  const password = seed.password ?? SEEDED_PASSWORD;
  const fullName = seed.fullName ?? `${seed.name.charAt(0).toUpperCase()}${seed.name.slice(1)} Testinen`;
  const now = deps.clock.now().toISOString();
  const tfaSecret = seed.secondFactor ? newTotpSecret() : undefined;
  const user: UserDocument = {
    id,
    pk: id,
    tenantId: 'default',
    userName,
    userNameKey: userName.toLowerCase(),
    fullName,
    email,
    emailKey: email.toLowerCase(),
    emailConfirmed: true,
    passwordHash: await hashPassword(password, deps.config.accounts.passwordHashCost),
    roles: ['User'],
    isActive: true,
    dateJoined: now,
    tfaEnabled: tfaSecret !== undefined,
    ...(tfaSecret ? { tfaSecretEncrypted: encryptSecret(await tfaEncryptionKey(deps.config), tfaSecret) } : {}),
    // As a registration with the terms box ticked records them (register-user.ts), or leaves them undecided.
    ...(seed.agreedTerms === false
      ? { agreedTermsOfService: AGREED_TERMS.Undefined }
      : {
          agreedTermsOfService: AGREED_TERMS.Agreed,
          agreedTermsAt: now,
          agreedTermsVersion: TERMS_OF_SERVICE_VERSION,
        }),
    ...(seed.language ? { language: seed.language } : {}),
    ...(seed.arbitrator ? { arbitrator: { ...seed.arbitrator, grantedAt: now, grantedBy: 'test seeding' } } : {}),
  };
  await deps.store.collection<UserDocument>('users').create(user);
  if (
    !(await claimAccountKey(deps, 'userNameKey', user.userNameKey, id)) ||
    !(await claimAccountKey(deps, 'emailKey', user.emailKey, id))
  ) {
    throw new SeedingError(`The seeded account ${userName} collides with an existing one.`);
  }
  const { token } = await startSession(deps, user, SEEDING_CLIENT, 'local');
  return { id, userName, email, password, fullName, token: token!, ...(tfaSecret ? { tfaSecret } : {}) };
}

/**
 * The caller a builder acts as for an account: as a signed-in request of the account would be resolved, but
 * without a session record of its own (the account's sessions page shows only the test's own session).
 */
export async function callerOf(deps: Deps, userId: string): Promise<Caller> {
  const user = await deps.store.collection<UserDocument>('users').read(userId, userId);
  if (!user) throw new SeedingError(`No account ${userId} to act as.`);
  return {
    userId: user.id,
    sessionId: `seeding-${randomUUID()}`,
    tenantId: user.tenantId,
    email: user.email,
    roles: user.roles,
    confirmedEmailKey: user.emailConfirmed ? user.emailKey : null,
  };
}

/**
 * A scenario that cannot be built as asked (an unknown account, a case in another state): 400 `bad_request`
 * naming what was wrong. Only tests read it (the route exists in test runs only), so it is English alone.
 */
export class SeedingError extends BadRequestError {}

export { SEEDING_CLIENT };
