import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { StoreConflictError, type Stored } from '../../ports/store.js';
import { AGREED_TERMS, type UserDocument } from '../../records/user-document.js';
import type { EntraIdentity } from './verify-entra-token.js';

/**
 * The user a validated work-account token belongs to, created on first sign-in.
 * Users are keyed by (tid, oid) only: the email and name claims can be edited by
 * any directory administrator, so they are copied for display and never looked
 * up. For the same reason the lookup keys `userNameKey` and `emailKey` of a work
 * account are namespaced by (tid, oid), so local sign-in, registration and
 * password reset, which look users up by name or email, never reach it.
 *
 * The new user's id is derived from (tid, oid): two first sign-ins at the same
 * moment create one user, the loser of the race reads the winner's.
 */
export async function findOrCreateEntraUser(
  deps: Pick<Deps, 'store' | 'clock'>,
  identity: EntraIdentity,
): Promise<{ user: Stored<UserDocument>; created: boolean }> {
  const users = deps.store.collection<UserDocument>('users');
  const existing = await findEntraUser(deps, identity.tid, identity.oid);
  if (existing) return { user: existing, created: false };

  const id = entraUserId(identity.tid, identity.oid);
  const now = deps.clock.now().toISOString();
  const key = `entra:${identity.tid}:${identity.oid}`;
  const email = identity.email ?? '';
  try {
    const user = await users.create({
      id,
      pk: id,
      tenantId: identity.tenant.id,
      userName: identity.name ?? identity.preferredUsername ?? email,
      // The directory's display name is the work account's full name (editable on the account page).
      ...(identity.name ? { fullName: identity.name } : {}),
      userNameKey: key,
      email,
      emailKey: key,
      emailConfirmed: true,
      roles: ['User'],
      isActive: true,
      dateJoined: now,
      tfaEnabled: false,
      agreedTermsOfService: AGREED_TERMS.Undefined,
      lastActivity: now,
      entra: { tid: identity.tid, oid: identity.oid },
    });
    return { user, created: true };
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
    const winner = await users.read(id, id);
    if (!winner) throw error;
    return { user: winner, created: false };
  }
}

/** The user with this (tid, oid), or undefined. */
export async function findEntraUser(
  deps: Pick<Deps, 'store'>,
  tid: string,
  oid: string,
): Promise<Stored<UserDocument> | undefined> {
  const { items } = await deps.store.collection<UserDocument>('users').query({
    where: [
      { field: 'entra.tid', op: '=', value: tid },
      { field: 'entra.oid', op: '=', value: oid },
    ],
    limit: 1,
  });
  return items[0];
}

function entraUserId(tid: string, oid: string): string {
  return `entra-${createHash('sha256').update(`${tid}:${oid}`, 'utf8').digest('hex').slice(0, 32)}`;
}
