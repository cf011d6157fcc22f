import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import type { UserDocument } from '../../records/user-document.js';

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
  const result = await changeRecord(users, { pk: userId, id: userId }, ({ _etag: _ignored, ...doc }) => change(doc), {
    attempts: 5,
  });
  return result.outcome === 'missing' ? undefined : result.record;
}
