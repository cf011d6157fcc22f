import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import type { UserDocument } from '../../records/user-document.js';

/** The user whose lower-cased user name or email equals `key`, if any. */
export async function findUserByKey(
  deps: Pick<Deps, 'store'>,
  field: 'userNameKey' | 'emailKey',
  key: string,
): Promise<Stored<UserDocument> | undefined> {
  const page = await deps.store
    .collection<UserDocument>('users')
    .query({ where: [{ field, op: '=', value: key }], limit: 1 });
  return page.items[0];
}
