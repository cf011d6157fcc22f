import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { endUserSessions } from './end-user-sessions.js';

/** Ends all of the caller's sessions, the current one included: the client then signs out and goes to `/`. */
export async function endAllSessions(deps: Deps, caller: Caller, client: ClientInfo): Promise<{ ended: number }> {
  const ended = await endUserSessions(deps, caller.userId);
  await recordCallerAction(deps, caller, client, {
    action: 'EndAllSessions',
    entityType: 'User',
    entityId: caller.userId,
    details: `Ended ${ended} session${ended === 1 ? '' : 's'}.`,
  });
  return { ended };
}
