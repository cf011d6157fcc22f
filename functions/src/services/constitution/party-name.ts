import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';

/** The name a party's step is recorded under: the account's name, else its email. */
export async function partyName(deps: Pick<Deps, 'store'>, caller: Caller): Promise<string> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  return user?.userName ?? caller.email;
}
