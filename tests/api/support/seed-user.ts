import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../functions/src/ports/clock.js';
import { hashPassword } from '../../../functions/src/services/accounts/hash-password.js';
import { AGREED_TERMS, type UserDocument } from '../../../functions/src/records/user-document.js';
import { startSession } from '../../../functions/src/services/sessions/start-session.js';
import { seedTenant } from './seed-tenant.js';
import type { TestHost } from './start-host.js';

export interface SignedInUser {
  user: UserDocument;
  token: string;
}

/**
 * Puts a confirmed user straight into the store (in a tenant of its own when
 * asked) and opens a local session for it: faster than registering through the
 * API, for tests whose subject is not registration.
 */
export async function seedSignedInUser(
  host: TestHost,
  clock: Clock,
  overrides: Partial<UserDocument> & { email: string },
  options: { ownTenant?: boolean } = {},
): Promise<SignedInUser> {
  const tenantId = options.ownTenant ? await seedTenant(host, { name: 'Other Oy' }) : 'default';
  const id = randomUUID();
  const user: UserDocument = {
    id,
    pk: id,
    tenantId,
    userName: `user-${id.slice(0, 8)}`,
    userNameKey: `user-${id.slice(0, 8)}`,
    emailKey: overrides.email.toLowerCase(),
    emailConfirmed: true,
    passwordHash: await hashPassword('user password 1', host.deps.config.accounts.passwordHashCost),
    roles: ['User'],
    isActive: true,
    dateJoined: clock.now().toISOString(),
    tfaEnabled: false,
    agreedTermsOfService: AGREED_TERMS.Agreed,
    ...overrides,
  };
  await host.deps.store.collection<UserDocument>('users').create(user);
  const { token } = await startSession(host.deps, user, { ipAddress: '127.0.0.1', device: 'vitest' }, 'local');
  return { user, token: token! };
}
