import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import { StoreConflictError, StoreNotFoundError, type Stored } from '../../ports/store.js';
import type { UserDocument } from '../../records/user-document.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import type { SessionDocument } from '../../records/session-document.js';

export const SESSION_ENDED_MESSAGE = refusal('accounts.sessionEnded').message;

/** How often lastSeenAt is written at most; the idle time-out is measured in minutes, so this is precise enough. */
const LAST_SEEN_REFRESH_MS = 60_000;

/**
 * How long a remembered ("Keep me signed in") session may go unused: a device
 * left for longer signs in again, whatever remains of its absolute time-out.
 */
export const PERSISTENT_SESSION_IDLE_DAYS = 7;

/** Whether a session is neither ended, past its absolute time-out, nor idle for too long. */
export function isSessionLive(deps: Pick<Deps, 'config'>, session: SessionDocument, now: Date): boolean {
  if (session.endedAt) return false;
  if (Date.parse(session.expiresAt) <= now.getTime()) return false;
  const idleMs = session.persistent
    ? PERSISTENT_SESSION_IDLE_DAYS * 24 * 3600_000
    : deps.config.sessions.idleMinutes * 60_000;
  return now.getTime() - Date.parse(session.lastSeenAt) < idleMs;
}

/**
 * The checks every session passes, local or work account, once its credential
 * matched: the session is live, its user is still active and has not had all
 * sessions revoked since, and the user's tenant is active. Then lastSeenAt is
 * refreshed (at most once a minute) and the caller returned. Every refusal is
 * the same 401, so a caller learns nothing about which check failed.
 *
 * `activeTenantId` names a tenant the caller already proved active (a work
 * account's token tenant), sparing a read.
 */
export async function admitSession(
  deps: Deps,
  session: Stored<SessionDocument>,
  user: UserDocument | undefined,
  now: Date,
  options: { activeTenantId?: string } = {},
): Promise<Caller> {
  if (!isSessionLive(deps, session, now)) throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  if (!user || !user.isActive) throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  if (user.sessionsValidAfter && Date.parse(user.sessionsValidAfter) > Date.parse(session.createdAt)) {
    throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  }
  if (user.tenantId !== options.activeTenantId) {
    const tenant = await deps.store.collection<TenantDocument>('tenants').read(user.tenantId, user.tenantId);
    if (!tenant?.isActive) throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  }

  if (now.getTime() - Date.parse(session.lastSeenAt) >= LAST_SEEN_REFRESH_MS) {
    const { _etag, ...doc } = session;
    try {
      await deps.store
        .collection<SessionDocument>('sessions')
        .replace({ ...doc, lastSeenAt: now.toISOString() }, { ifMatch: _etag });
    } catch (error) {
      // Another request refreshed (or ended) it at the same moment: either way this request may proceed.
      if (!(error instanceof StoreConflictError) && !(error instanceof StoreNotFoundError)) throw error;
    }
  }

  const caller: Caller = {
    userId: user.id,
    sessionId: session.id,
    tenantId: user.tenantId,
    email: user.email,
    roles: user.roles,
    confirmedEmailKey: user.emailConfirmed ? user.emailKey : null,
  };
  usersReadForCallers.set(caller, user);
  return caller;
}

/**
 * The user document each admitted caller's session check read, for as long as that caller object lives (one
 * request): a route that answers from the user (check-auth, a case page naming its opener) does not read it again.
 */
const usersReadForCallers = new WeakMap<Caller, UserDocument>();

/** The caller's user as the session check read it moments ago in this request, if a session check made the caller. */
export function userReadWithSession(caller: Caller): UserDocument | undefined {
  return usersReadForCallers.get(caller);
}
