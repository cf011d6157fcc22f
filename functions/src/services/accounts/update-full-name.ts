import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { UserDocument } from '../../records/user-document.js';
import { updateUser } from './update-user.js';

/**
 * `POST /user/update-full-name`: the account's full name, the one awards and proposals print for counsel and
 * for whoever set a decision's settings. Written conditionally (update-user.ts), audited
 * with the old and new name. An award already rendered keeps the name it was rendered with.
 */
/**
 * The full name a form asked for on the way (the new-case form, for an account that has none): saved as
 * `updateFullName` saves it, unless the account already carries exactly this name (no write, no audit entry).
 */
export async function saveFullNameIfChanged(
  deps: Deps,
  caller: Caller,
  fullName: string,
  client: ClientInfo,
): Promise<void> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  if (user?.fullName === fullName) return;
  await updateFullName(deps, caller, fullName, client);
}

export async function updateFullName(
  deps: Deps,
  caller: Caller,
  fullName: string,
  client: ClientInfo,
): Promise<{ fullName: string }> {
  let previous: string | undefined;
  const saved = await updateUser(deps, caller.userId, (user) => {
    previous = user.fullName;
    return { ...user, fullName };
  });
  if (!saved) throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  await recordCallerAction(deps, caller, client, {
    action: 'UpdateFullName',
    entityType: 'User',
    entityId: caller.userId,
    details: previous ? `Full name changed from "${previous}" to "${fullName}".` : `Full name set to "${fullName}".`,
  });
  return { fullName };
}
