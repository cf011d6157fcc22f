import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../http/client-info.js';
import type { Caller } from '../../http/route.js';
import { recordAudit } from '../audit/record-audit.js';
import { endUserSessions } from './end-user-sessions.js';

/** Ends all of the caller's sessions, the current one included: the client then signs out and goes to `/`. */
export async function endAllSessions(deps: Deps, caller: Caller, client: ClientInfo): Promise<{ ended: number }> {
  const ended = await endUserSessions(deps, caller.userId);
  await recordAudit(deps, {
    action: 'EndAllSessions',
    userId: caller.userId,
    userEmail: caller.email,
    entityType: 'User',
    entityId: caller.userId,
    success: true,
    ipAddress: client.ipAddress,
    details: `Ended ${ended} session${ended === 1 ? '' : 's'}.`,
  });
  return { ended };
}
