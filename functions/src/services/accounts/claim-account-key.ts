import type { Deps } from '../../deps.js';
import type { UserDocument } from '../../records/user-document.js';
import { claimUniqueKey, releaseUniqueKey, type UniqueKey } from '../../records/unique-key.js';

/**
 * A user name or email is unique across the service (records/unique-key.ts): a registration claims it
 * after writing the user document. A claim whose user no longer holds the key (the account was deleted or
 * renamed by an administrator) is stale and may be taken over.
 */
function accountKey(field: 'userNameKey' | 'emailKey', key: string, userId: string): UniqueKey {
  return { kind: 'account-key-claim', idPrefix: 'claim.', field, key, ownerField: 'userId', ownerId: userId };
}

/** True when the key is now claimed for `userId`; false when a live account holds it. */
export async function claimAccountKey(
  deps: Pick<Deps, 'store'>,
  field: 'userNameKey' | 'emailKey',
  key: string,
  userId: string,
): Promise<boolean> {
  return claimUniqueKey(deps, accountKey(field, key, userId), async (holderId) => {
    const holder = await deps.store.collection<UserDocument>('users').read(holderId, holderId);
    return holder?.[field] === key;
  });
}

/** Gives a claim back (a registration that failed after claiming). */
export async function releaseAccountKey(
  deps: Pick<Deps, 'store'>,
  field: 'userNameKey' | 'emailKey',
  key: string,
  userId: string,
): Promise<void> {
  await releaseUniqueKey(deps, accountKey(field, key, userId));
}
