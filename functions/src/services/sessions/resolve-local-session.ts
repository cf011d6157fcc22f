import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpRequest } from '@azure/functions';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { Caller } from '../../http/route.js';
import { StoreConflictError, StoreNotFoundError } from '../../ports/store.js';
import type { UserDocument } from '../accounts/user-document.js';
import type { TenantDocument } from '../tenants/tenant-document.js';
import type { SessionDocument } from './session-document.js';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** How often lastSeenAt is written at most; the idle time-out is measured in minutes, so this is precise enough. */
const LAST_SEEN_REFRESH_MS = 60_000;

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

/**
 * Resolves a local session token `<sessionId>.<secret>` to the caller: one
 * point read of the session, a constant-time comparison of the secret's hash,
 * then the user and tenant must still be active. Every rejection is the same
 * 401 so a caller learns nothing about which check failed.
 */
export async function resolveLocalSession(deps: Deps, token: string, _request: HttpRequest): Promise<Caller> {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  const sessionId = match[1]!;
  const secret = match[2]!;

  const sessions = deps.store.collection<SessionDocument>('sessions');
  const session = await sessions.read(sessionId, sessionId);
  if (!session || session.kind !== 'local' || !session.secretHash) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  if (!hashesEqual(session.secretHash, hashSecret(secret))) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);

  const now = deps.clock.now();
  if (!isSessionLive(deps, session, now)) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);

  const user = await deps.store.collection<UserDocument>('users').read(session.userId, session.userId);
  if (!user || !user.isActive) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  if (user.sessionsValidAfter && Date.parse(user.sessionsValidAfter) > Date.parse(session.createdAt)) {
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  const tenant = await deps.store.collection<TenantDocument>('tenants').read(user.tenantId, user.tenantId);
  if (!tenant || !tenant.isActive) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);

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

/** Whether a session is neither ended, past its absolute time-out, nor idle for too long. */
export function isSessionLive(deps: Pick<Deps, 'config'>, session: SessionDocument, now: Date): boolean {
  if (session.endedAt) return false;
  if (Date.parse(session.expiresAt) <= now.getTime()) return false;
  const idleMs = deps.config.sessions.idleMinutes * 60_000;
  return now.getTime() - Date.parse(session.lastSeenAt) < idleMs;
}

/** base64url SHA-256 of a token secret: what a local session stores instead of the secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
