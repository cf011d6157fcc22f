import type { BaseDoc } from '../ports/store.js';

/**
 * A signed-in session, for local accounts and work accounts alike (docs/architecture.md
 * "Identity"). Partitioned by its own id (pk = id), so resolving a token is one
 * point read; a user's sessions are listed with a query on userId.
 *
 * Local accounts hold the bearer token `<sessionId>.<secret>`; only a SHA-256
 * hash of the secret is stored. Work accounts present an Entra access token and
 * name their session in the `X-Session-Id` header; the session must belong to
 * the token's (tid, oid) user.
 */
export interface SessionDocument extends BaseDoc {
  userId: string;
  kind: 'local' | 'entra';
  /** base64url SHA-256 of the token's secret part (local sessions only). */
  secretHash?: string;
  createdAt: string;
  lastSeenAt: string;
  /** The absolute time-out. */
  expiresAt: string;
  ipAddress: string;
  /** The user-agent string. */
  device: string;
  /** Two-letter country code, `local` for loopback and private addresses, or `unknown`. */
  country: string;
  endedAt?: string;
  /**
   * "Keep me signed in": the session outlives the tab. Its long-lived
   * credential is a refresh secret held in an httpOnly cookie scoped to
   * `/user/refresh-session`; only hashes are stored here.
   */
  persistent?: true;
  /** base64url SHA-256 of the current refresh secret (persistent sessions only). */
  refreshHash?: string;
  /** The refresh secret before the last rotation, still taken for a short grace (two tabs refreshing at once). */
  previousRefreshHash?: string;
  refreshRotatedAt?: string;
  /** Short-lived bearer tokens handed out by the refresh route, one per tab that loaded: hash and expiry. */
  accessTokens?: { hash: string; expiresAt: string }[];
}
