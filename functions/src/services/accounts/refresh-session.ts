import { refusal } from '@ratkaisu/core';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { toCurrentUser, type CurrentUser } from '../../records/current-user.js';
import type { UserDocument } from '../../records/user-document.js';
import { admitSession } from '../sessions/admit-session.js';
import { hashesEqual, hashSecret } from '../sessions/resolve-local-session.js';
import type { SessionDocument } from '../../records/session-document.js';
import { ACCESS_TOKEN_MINUTES } from '../sessions/start-session.js';

export const NOT_REMEMBERED_MESSAGE = refusal('accounts.notRemembered').message;

/** How long the refresh secret before the last rotation is still taken: two tabs refreshing at the same moment. */
const ROTATION_GRACE_MS = 60_000;
/** The newest tokens a remembered session keeps (one per tab load); older ones are dropped. */
const MAX_ACCESS_TOKENS = 20;
const MAX_ATTEMPTS = 4;
const REFRESH_SHAPE = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

export interface RefreshedSession {
  /** A short-lived bearer token `<sessionId>.<secret>` for this tab. */
  token: string;
  /** When `token` stops working (ISO 8601, UTC). */
  expiresAt: string;
  user: CurrentUser;
  /** The rotated refresh token for the cookie, and how long the cookie may live; absent when not rotated. */
  rotated?: { refreshToken: string; maxAgeSeconds: number };
}

/**
 * `POST /user/refresh-session`: a remembered session's refresh token (from its
 * httpOnly cookie) buys a short-lived bearer token for a tab. The session is
 * checked on every refresh like any request (ended, timed out, user or tenant
 * no longer active, all sessions revoked: 401), so ending it on the Sessions
 * screen or signing out stops the device at once. The refresh secret rotates
 * on every use; the one it replaced is still taken for a minute, without
 * rotating again, so two tabs loading together do not lock each other out.
 * Every write is conditional on the version read.
 */
export async function refreshSession(deps: Deps, refreshToken: string | undefined): Promise<RefreshedSession> {
  const match = REFRESH_SHAPE.exec(refreshToken ?? '');
  if (!match) throw new UnauthorizedError(refusal('accounts.notRemembered'));
  const sessionId = match[1]!;
  const presented = hashSecret(match[2]!);
  const sessions = deps.store.collection<SessionDocument>('sessions');
  const users = deps.store.collection<UserDocument>('users');

  let issued: { accessSecret: string; expiresAt: string; refreshSecret?: string; user: UserDocument; now: Date };
  const result = await changeRecord(
    sessions,
    { pk: sessionId, id: sessionId },
    // The version read is the one judged: a rotation or an end in between means judging again.
    async (session) => {
      if (session.kind !== 'local' || !session.persistent || !session.refreshHash || session.endedAt) {
        throw new UnauthorizedError(refusal('accounts.notRemembered'));
      }
      const now = deps.clock.now();
      const which = presentedSecret(session, presented, now);
      if (!which) throw new UnauthorizedError(refusal('accounts.notRemembered'));
      const user = await users.read(session.userId, session.userId);
      // The same checks as every request; refuses an ended, timed-out or revoked session.
      await admitSession(deps, session, user, now).catch(() => {
        throw new UnauthorizedError(refusal('accounts.notRemembered'));
      });
      const accessSecret = randomBytes(32).toString('base64url');
      const expiresAt = new Date(
        Math.min(now.getTime() + ACCESS_TOKEN_MINUTES * 60_000, Date.parse(session.expiresAt)),
      ).toISOString();
      const refreshSecret = which === 'current' ? randomBytes(32).toString('base64url') : undefined;
      issued = { accessSecret, expiresAt, user: user!, now, ...(refreshSecret ? { refreshSecret } : {}) };
      return {
        ...session,
        lastSeenAt: now.toISOString(),
        accessTokens: [
          ...(session.accessTokens ?? []).filter((token) => Date.parse(token.expiresAt) > now.getTime()),
          { hash: hashSecret(accessSecret), expiresAt },
        ].slice(-MAX_ACCESS_TOKENS),
        ...(refreshSecret
          ? {
              refreshHash: hashSecret(refreshSecret),
              previousRefreshHash: session.refreshHash,
              refreshRotatedAt: now.toISOString(),
            }
          : {}),
      };
    },
    { attempts: MAX_ATTEMPTS, busy: () => new UnauthorizedError(refusal('accounts.notRemembered')) },
  );
  if (result.outcome !== 'written') throw new UnauthorizedError(refusal('accounts.notRemembered'));
  const { accessSecret, expiresAt, refreshSecret, user, now } = issued!;
  const session = result.record;
  return {
    token: `${session.id}.${accessSecret}`,
    expiresAt,
    user: toCurrentUser(user, session.id),
    ...(refreshSecret
      ? {
          rotated: {
            refreshToken: `${session.id}.${refreshSecret}`,
            maxAgeSeconds: Math.max(0, Math.floor((Date.parse(session.expiresAt) - now.getTime()) / 1000)),
          },
        }
      : {}),
  };
}

/** Whether the presented secret is the session's current refresh secret, the one before it (within grace), or neither. */
function presentedSecret(
  session: Stored<SessionDocument>,
  presented: string,
  now: Date,
): 'current' | 'previous' | undefined {
  if (session.refreshHash && hashesEqual(session.refreshHash, presented)) return 'current';
  if (
    session.previousRefreshHash &&
    session.refreshRotatedAt &&
    now.getTime() - Date.parse(session.refreshRotatedAt) < ROTATION_GRACE_MS &&
    hashesEqual(session.previousRefreshHash, presented)
  ) {
    return 'previous';
  }
  return undefined;
}
