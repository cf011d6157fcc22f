import type { Deps } from '../../deps.js';
import { StoreConflictError, type Stored } from '../../ports/store.js';
import type { UserDocument } from '../../records/user-document.js';

const MAX_ATTEMPTS = 5;

/**
 * Reads the user, applies `change` and writes the result conditionally on the
 * version read; on a lost race it reads again and re-applies, so a change is
 * never lost and never overwrites someone else's. `change` may throw to give
 * up (its error propagates). Undefined when the user does not exist.
 */
export async function updateUser(
  deps: Pick<Deps, 'store'>,
  userId: string,
  change: (user: UserDocument) => UserDocument,
): Promise<Stored<UserDocument> | undefined> {
  const users = deps.store.collection<UserDocument>('users');
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await users.read(userId, userId);
    if (!current) return undefined;
    const { _etag, ...doc } = current;
    try {
      return await users.replace(change(doc), { ifMatch: _etag });
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
    }
  }
  throw new StoreConflictError();
}
