import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import { toCurrentUser, type CurrentUser } from '../../records/current-user.js';
import type { UserDocument } from '../../records/user-document.js';
import { userReadWithSession } from '../sessions/admit-session.js';

/** The caller's own account as the client shows it (`GET /user/check-auth`). */
export async function getCurrentUser(deps: Deps, caller: Caller): Promise<CurrentUser> {
  // The session check read the user a moment ago in this request (admit-session.ts): no second read.
  const user =
    userReadWithSession(caller) ??
    (await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId));
  // The session was resolved a moment ago; a user deleted since then has no session any more.
  if (!user) throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  return toCurrentUser(user, caller.sessionId);
}
