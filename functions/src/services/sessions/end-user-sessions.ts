import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { markSessionEnded } from './mark-session-ended.js';
import type { SessionDocument } from '../../records/session-document.js';

/**
 * Ends every session of a user that has not ended yet, except the one named
 * (password change keeps the session it was made in). Their tokens stop
 * working at once. Returns how many sessions were ended.
 */
export async function endUserSessions(
  deps: Deps,
  userId: string,
  options: { exceptSessionId?: string } = {},
): Promise<number> {
  const open = await openSessionsOf(deps, userId);
  let ended = 0;
  for (const session of open) {
    if (session.id === options.exceptSessionId) continue;
    if (await markSessionEnded(deps, session)) ended++;
  }
  return ended;
}

/** All of a user's sessions not marked ended (some may have timed out), in no particular order. */
export async function openSessionsOf(deps: Deps, userId: string): Promise<Stored<SessionDocument>[]> {
  const sessions = deps.store.collection<SessionDocument>('sessions');
  const found: Stored<SessionDocument>[] = [];
  let continuation: string | undefined;
  do {
    const page = await sessions.query({
      where: [
        { field: 'userId', op: '=', value: userId },
        { field: 'endedAt', op: 'exists', value: false },
      ],
      limit: 1000,
      ...(continuation ? { continuation } : {}),
    });
    found.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return found;
}
