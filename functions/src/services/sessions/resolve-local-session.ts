import { refusal } from '@ratkaisu/core';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpRequest } from '@azure/functions';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { admitSession } from './admit-session.js';
import type { SessionDocument } from '../../records/session-document.js';

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

/**
 * Resolves a local session token `<sessionId>.<secret>` to the caller: one
 * point read of the session, a constant-time comparison of the secret's hash,
 * then the user and tenant must still be active. Every rejection is the same
 * 401 so a caller learns nothing about which check failed.
 */
export async function resolveLocalSession(deps: Deps, token: string, _request: HttpRequest): Promise<Caller> {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  const sessionId = match[1]!;
  const secret = match[2]!;

  const sessions = deps.store.collection<SessionDocument>('sessions');
  const session = await sessions.read(sessionId, sessionId);
  if (!session || session.kind !== 'local' || !(session.secretHash || session.persistent)) {
    throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  }
  if (!tokenMatches(session, hashSecret(secret), deps.clock.now()))
    throw new UnauthorizedError(refusal('accounts.sessionEnded'));

  const user = await deps.store.collection<UserDocument>('users').read(session.userId, session.userId);
  return admitSession(deps, session, user, deps.clock.now());
}

/** base64url SHA-256 of a token secret: what a local session stores instead of the secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/**
 * The sign-in's own token, or one of the short-lived tokens the refresh route
 * gave a tab of a remembered session that has not expired yet.
 */
function tokenMatches(session: SessionDocument, hash: string, now: Date): boolean {
  if (session.secretHash && hashesEqual(session.secretHash, hash)) return true;
  return (session.accessTokens ?? []).some(
    (issued) => Date.parse(issued.expiresAt) > now.getTime() && hashesEqual(issued.hash, hash),
  );
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
