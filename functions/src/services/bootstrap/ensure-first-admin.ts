import { randomBytes, randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { StoreConflictError } from '../../ports/store.js';
import { hashPassword } from '../accounts/hash-password.js';
import { AGREED_TERMS, type UserDocument } from '../../records/user-document.js';
import { DEFAULT_TENANT_ID, type TenantDocument } from '../../records/tenant-document.js';

const DEFAULT_ADMIN_EMAIL = 'admin@ratkaisu.local';

export type FirstAdminOutcome =
  { created: false } | { created: true; email: string; userName: string; generatedPassword?: string };

/**
 * On first start with an empty store, creates the default tenant and a
 * super-administrator (ADMIN_EMAIL / ADMIN_PASSWORD, or a random password that
 * the caller prints once). The tenant's fixed id makes two instances starting
 * together create it once: the loser of the race sees a conflict and stops.
 */
export async function ensureFirstAdmin(deps: Deps): Promise<FirstAdminOutcome> {
  const users = deps.store.collection<UserDocument>('users');
  if ((await users.count({})) > 0) return { created: false };

  const now = deps.clock.now().toISOString();
  const tenant: TenantDocument = {
    id: DEFAULT_TENANT_ID,
    pk: DEFAULT_TENANT_ID,
    name: 'Ratkaisu',
    domain: 'ratkaisu.local',
    azureTenantId: 'local',
    description: 'Created on first start for local accounts.',
    isActive: true,
    createdAt: now,
  };
  try {
    await deps.store.collection<TenantDocument>('tenants').create(tenant);
  } catch (error) {
    if (error instanceof StoreConflictError) return { created: false };
    throw error;
  }

  const email = deps.config.admin.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = deps.config.admin.password ? undefined : randomBytes(12).toString('base64url');
  const password = deps.config.admin.password ?? generatedPassword!;
  const id = randomUUID();
  await users.create({
    id,
    pk: id,
    tenantId: DEFAULT_TENANT_ID,
    userName: email,
    userNameKey: email.toLowerCase(),
    email,
    emailKey: email.toLowerCase(),
    emailConfirmed: true,
    passwordHash: await hashPassword(password, deps.config.accounts.passwordHashCost),
    roles: ['SuperAdmin'],
    isActive: true,
    dateJoined: now,
    tfaEnabled: false,
    agreedTermsOfService: AGREED_TERMS.Undefined,
  });
  return { created: true, email, userName: email, generatedPassword };
}
