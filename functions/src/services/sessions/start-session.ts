import { randomBytes, randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { UserDocument } from '../../records/user-document.js';
import { countryOfAddress } from './country-of-address.js';
import { hashSecret } from './resolve-local-session.js';
import type { SessionDocument } from '../../records/session-document.js';

/** How long a bearer token from the refresh route works; the app asks for a new one before then. */
export const ACCESS_TOKEN_MINUTES = 15;

/** How long a session record outlives its absolute time-out before the store purges it. */
const PURGE_AFTER_EXPIRY_SECONDS = 7 * 24 * 3600;

/**
 * Opens a session for a user who has just proven who they are. A local
 * session gets a bearer token `<sessionId>.<secret>` with a 256-bit secret of
 * which only the SHA-256 hash is stored, so a leaked store does not leak
 * usable tokens. A work-account (Entra) session has no token of its own: the
 * caller presents the Entra access token plus the session id.
 *
 * A persistent local session ("Keep me signed in") also gets a refresh token
 * for the httpOnly cookie, and lasts `SESSION_PERSISTENT_DAYS`.
 */
export async function startSession(
  deps: Deps,
  user: UserDocument,
  client: ClientInfo,
  kind: 'local' | 'entra',
  options: { persistent?: boolean } = {},
): Promise<{ session: SessionDocument; token?: string; refreshToken?: string; tokenExpiresAt?: string }> {
  const now = deps.clock.now();
  const id = randomUUID();
  const secret = kind === 'local' ? randomBytes(32).toString('base64url') : undefined;
  // Only local sessions are remembered by cookie; a work account is restored through Entra ID instead.
  const refreshSecret = kind === 'local' && options.persistent ? randomBytes(32).toString('base64url') : undefined;
  const absoluteSeconds = refreshSecret
    ? deps.config.sessions.persistentDays * 24 * 3600
    : deps.config.sessions.absoluteHours * 3600;
  const accessTokenExpiry = new Date(now.getTime() + ACCESS_TOKEN_MINUTES * 60_000).toISOString();
  const session: SessionDocument = {
    id,
    pk: id,
    userId: user.id,
    kind,
    // A remembered session's own token is as short-lived as a refreshed tab's: the cookie is its only long-lived credential.
    ...(secret && !refreshSecret ? { secretHash: hashSecret(secret) } : {}),
    ...(secret && refreshSecret
      ? {
          persistent: true as const,
          refreshHash: hashSecret(refreshSecret),
          accessTokens: [{ hash: hashSecret(secret), expiresAt: accessTokenExpiry }],
        }
      : {}),
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + absoluteSeconds * 1000).toISOString(),
    ipAddress: client.ipAddress,
    device: client.device,
    country: countryOfAddress(client.ipAddress),
    ttl: absoluteSeconds + PURGE_AFTER_EXPIRY_SECONDS,
  };
  const { _etag: _ignored, ...stored } = await deps.store.collection<SessionDocument>('sessions').create(session);
  return {
    session: stored,
    ...(secret ? { token: `${id}.${secret}` } : {}),
    ...(refreshSecret ? { refreshToken: `${id}.${refreshSecret}`, tokenExpiresAt: accessTokenExpiry } : {}),
  };
}
