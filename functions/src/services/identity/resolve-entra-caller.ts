import { refusal } from '@ratkaisu/core';
import type { HttpRequest } from '@azure/functions';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { admitSession } from '../sessions/admit-session.js';
import type { SessionDocument } from '../../records/session-document.js';
import { verifyEntraToken } from './verify-entra-token.js';

/** The header a work-account request names its session in (the id validate-access returned). */
export const SESSION_ID_HEADER = 'x-session-id';

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
  if (!SESSION_ID_SHAPE.test(sessionId)) throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  const sessions = deps.store.collection<SessionDocument>('sessions');
  const session = await sessions.read(sessionId, sessionId);
  if (!session || session.kind !== 'entra') throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  const user = await deps.store.collection<UserDocument>('users').read(session.userId, session.userId);
  if (!user || user.entra?.tid !== identity.tid || user.entra.oid !== identity.oid) {
    throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  }
  return admitSession(deps, session, user, deps.clock.now(), { activeTenantId: identity.tenant.id });
}
