import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { StoreConflictError, type BaseDoc } from '../../ports/store.js';
import type { UserDocument } from '../../records/user-document.js';

/**
 * The store has no unique index, so two registrations racing for one user
 * name (or email) are serialised by a claim document with a fixed id in the
 * `tokens` collection: creating it succeeds for one of them only.
 *
 * A claim whose user no longer holds the key (the account was deleted or
 * renamed by an administrator) is stale and may be taken over, conditionally.
 * That is why the user document must exist before its keys are claimed.
 */
interface AccountKeyClaimDocument extends BaseDoc {
  kind: 'account-key-claim';
  field: 'userNameKey' | 'emailKey';
  userId: string;
}

/** True when the key is now claimed for `userId`; false when a live account holds it. */
export async function claimAccountKey(
  deps: Pick<Deps, 'store'>,
  field: 'userNameKey' | 'emailKey',
  key: string,
  userId: string,
): Promise<boolean> {
  const claims = deps.store.collection<AccountKeyClaimDocument>('tokens');
  const id = `claim.${field}.${createHash('sha256').update(key, 'utf8').digest('base64url')}`;
  const claim: AccountKeyClaimDocument = { id, pk: id, kind: 'account-key-claim', field, userId };
  try {
    await claims.create(claim);
    return true;
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
  }
  const existing = await claims.read(id, id);
  if (!existing) return false; // released a moment ago; the caller answers "taken" rather than loop
  const holder = await deps.store.collection<UserDocument>('users').read(existing.userId, existing.userId);
  if (holder && holder[field] === key) return false;
  try {
    await claims.replace(claim, { ifMatch: existing._etag });
    return true;
  } catch (error) {
    if (error instanceof StoreConflictError) return false;
    throw error;
  }
}

/** Gives a claim back (a registration that failed after claiming). */
export async function releaseAccountKey(
  deps: Pick<Deps, 'store'>,
  field: 'userNameKey' | 'emailKey',
  key: string,
  userId: string,
): Promise<void> {
  const claims = deps.store.collection<AccountKeyClaimDocument>('tokens');
  const id = `claim.${field}.${createHash('sha256').update(key, 'utf8').digest('base64url')}`;
  const existing = await claims.read(id, id);
  if (existing?.userId === userId) await claims.delete(id, id, { ifMatch: existing._etag }).catch(() => false);
}
