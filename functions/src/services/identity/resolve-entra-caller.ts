import type { HttpRequest } from '@azure/functions';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { Caller } from '../../http/route.js';
import { StoreConflictError, StoreNotFoundError } from '../../ports/store.js';
import type { UserDocument } from '../accounts/user-document.js';
import { isSessionLive, SESSION_ENDED_MESSAGE } from '../sessions/resolve-local-session.js';
import type { SessionDocument } from '../sessions/session-document.js';
import type { TenantDocument } from '../tenants/tenant-document.js';
import { verifyEntraToken } from './verify-entra-token.js';

/** The header a work-account request names its session in (the id validate-access returned). */
export const SESSION_ID_HEADER = 'x-session-id';

/** How often lastSeenAt is written at most; the idle time-out is counted in minutes. */
const LAST_SEEN_REFRESH_MS = 60_000;

const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Resolves a work-account request to its caller: the Entra access token must
 * be valid (verifyEntraToken), and the `X-Session-Id` header must name a live
 * work-account session of that token's (tid, oid) user, so ending the session
 * locks the token out at once even though the token itself is still valid.
 */
export async function resolveEntraCaller(deps: Deps, jwt: string, request: HttpRequest): Promise<Caller> {
  const identity = await verifyEntraToken(deps, jwt);

  const sessionId = request.headers.get(SESSION_ID_HEADER)?.trim() ?? '';
  if (!SESSION_ID_SHAPE.test(sessionId)) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  const sessions = deps.store.collection<SessionDocument>('sessions');
  const session = await sessions.read(sessionId, sessionId);
  if (!session || session.kind !== 'entra') throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  const now = deps.clock.now();
  if (!isSessionLive(deps, session, now)) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);

  const user = await deps.store.collection<UserDocument>('users').read(session.userId, session.userId);
  if (!user || user.entra?.tid !== identity.tid || user.entra.oid !== identity.oid) {
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  if (!user.isActive) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  if (user.sessionsValidAfter && Date.parse(user.sessionsValidAfter) > Date.parse(session.createdAt)) {
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  if (user.tenantId !== identity.tenant.id) {
    const own = await deps.store.collection<TenantDocument>('tenants').read(user.tenantId, user.tenantId);
    if (!own?.isActive) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }

  if (now.getTime() - Date.parse(session.lastSeenAt) >= LAST_SEEN_REFRESH_MS) {
    const { _etag, ...doc } = session;
    try {
      await sessions.replace({ ...doc, lastSeenAt: now.toISOString() }, { ifMatch: _etag });
    } catch (error) {
      // Another request refreshed (or ended) it at the same moment: either way this request may proceed.
      if (!(error instanceof StoreConflictError) && !(error instanceof StoreNotFoundError)) throw error;
    }
  }

  return { userId: user.id, sessionId: session.id, tenantId: user.tenantId, email: user.email, roles: user.roles };
}
