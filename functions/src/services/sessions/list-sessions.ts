import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { openSessionsOf } from './end-user-sessions.js';
import { isSessionLive } from './admit-session.js';

/** One row of the Sessions page (docs/product.md section 3, Session). */
export interface SessionSummary {
  id: string;
  /** When the session started (ISO 8601, UTC). */
  date: string;
  ipAddress: string;
  /** The user-agent string. */
  device: string;
  country: string;
  /** Whether this is the session the request was made with. */
  current: boolean;
  /** "Keep me signed in": the device stays signed in across tabs until the session is ended or expires. */
  persistent: boolean;
  /** When the session ends at the latest (ISO 8601, UTC). */
  expiresAt: string;
}

/** The caller's sessions that still work, newest first. */
export async function listSessions(deps: Deps, caller: Caller): Promise<SessionSummary[]> {
  const now = deps.clock.now();
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  const validAfter = user?.sessionsValidAfter ? Date.parse(user.sessionsValidAfter) : undefined;
  const open = await openSessionsOf(deps, caller.userId);
  return open
    .filter((session) => isSessionLive(deps, session, now))
    .filter((session) => validAfter === undefined || Date.parse(session.createdAt) >= validAfter)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .map((session) => ({
      id: session.id,
      date: session.createdAt,
      ipAddress: session.ipAddress,
      device: session.device,
      country: session.country,
      current: session.id === caller.sessionId,
      persistent: session.persistent === true,
      expiresAt: session.expiresAt,
    }));
}
