import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { StoreConflictError, StoreNotFoundError, type BaseDoc, type Stored } from '../../ports/store.js';

export type AccountTokenPurpose = 'confirm-email' | 'reset-password';

/**
 * A single-use link token (email confirmation, password reset) in the `tokens`
 * collection. Only the SHA-256 of the token is stored, as the document id, so a
 * leaked store holds no usable links and redeeming is one point read.
 * Partitioned by the user's id.
 */
export interface AccountTokenDocument extends BaseDoc {
  kind: 'account-token';
  purpose: AccountTokenPurpose;
  userId: string;
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
}

/** Issues a 256-bit random token for the user; returns the token itself (for the link), which is not stored. */
export async function issueAccountToken(
  deps: Pick<Deps, 'store' | 'clock'>,
  userId: string,
  purpose: AccountTokenPurpose,
  lifetimeSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.store.collection<AccountTokenDocument>('tokens').create({
    id: tokenId(token),
    pk: userId,
    kind: 'account-token',
    purpose,
    userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
    ttl: lifetimeSeconds,
  });
  return token;
}

/**
 * Spends a token: true only when it exists for this user and purpose, has not
 * expired and was not used before. Marking it used is conditional on the
 * version that was read, so two requests racing with one link succeed once.
 */
export async function redeemAccountToken(
  deps: Pick<Deps, 'store' | 'clock'>,
  userId: string,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<boolean> {
  const found = await usableToken(deps, userId, purpose, token);
  return found ? markUsed(deps, found, deps.clock.now()) : false;
}

/**
 * Whether a token would be redeemed now, without spending it: a page checks its link before asking for
 * anything (the reset form), and the redeeming request checks it again.
 */
export async function isAccountTokenUsable(
  deps: Pick<Deps, 'store' | 'clock'>,
  userId: string,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<boolean> {
  return (await usableToken(deps, userId, purpose, token)) !== undefined;
}

async function usableToken(
  deps: Pick<Deps, 'store' | 'clock'>,
  userId: string,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<Stored<AccountTokenDocument> | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const tokens = deps.store.collection<AccountTokenDocument>('tokens');
  const found = await tokens.read(userId, tokenId(token));
  const now = deps.clock.now();
  if (!found || found.kind !== 'account-token' || found.purpose !== purpose || found.userId !== userId)
    return undefined;
  if (found.usedAt || Date.parse(found.expiresAt) <= now.getTime()) return undefined;
  return found;
}

/** Spends every unused token of a purpose (a reset password makes older reset links worthless). */
export async function revokeAccountTokens(
  deps: Pick<Deps, 'store' | 'clock'>,
  userId: string,
  purpose: AccountTokenPurpose,
): Promise<void> {
  const tokens = deps.store.collection<AccountTokenDocument>('tokens');
  const now = deps.clock.now();
  let continuation: string | undefined;
  do {
    const page = await tokens.query({
      partitionKey: userId,
      where: [
        { field: 'kind', op: '=', value: 'account-token' },
        { field: 'purpose', op: '=', value: purpose },
        { field: 'usedAt', op: 'exists', value: false },
      ],
      limit: 100,
      ...(continuation ? { continuation } : {}),
    });
    for (const found of page.items) await markUsed(deps, found, now);
    continuation = page.continuation;
  } while (continuation);
}

async function markUsed(deps: Pick<Deps, 'store'>, found: Stored<AccountTokenDocument>, now: Date): Promise<boolean> {
  const { _etag, ...doc } = found;
  // The ttl counts from the last write: keep the original expiry rather than extending it.
  const remainingSeconds = Math.max(1, Math.ceil((Date.parse(found.expiresAt) - now.getTime()) / 1000));
  try {
    await deps.store
      .collection<AccountTokenDocument>('tokens')
      .replace({ ...doc, usedAt: now.toISOString(), ttl: remainingSeconds }, { ifMatch: _etag });
    return true;
  } catch (error) {
    if (error instanceof StoreConflictError || error instanceof StoreNotFoundError) return false;
    throw error;
  }
}

function tokenId(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}
