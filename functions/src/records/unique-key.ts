import { createHash } from 'node:crypto';
import type { Deps } from '../deps.js';
import { StoreConflictError, type BaseDoc } from '../ports/store.js';

/**
 * The store has no unique index, so two writers racing for one unique value (a user name, an email, a
 * tenant's domain) are serialised by a claim document with a fixed id in the `tokens` collection: creating
 * it succeeds for one of them only.
 *
 * A claim whose owner no longer holds the value (deleted, or changed to another value) is stale and is
 * taken over conditionally on its etag. That is why the owner's document must exist before it claims.
 */
export interface UniqueKey {
  /** The claim document's kind, and the first part of its id (`claim.` for accounts, `claim.tenant.` for tenants). */
  kind: 'account-key-claim' | 'tenant-key-claim';
  idPrefix: string;
  /** The unique field of the owner's document. */
  field: string;
  /** The value, already normalised as the owner's document compares it. */
  key: string;
  /** The claim document's field naming its owner (`userId`, `tenantId`), and the owner. */
  ownerField: 'userId' | 'tenantId';
  ownerId: string;
}

type UniqueKeyClaimDocument = BaseDoc & { kind: UniqueKey['kind']; field: string } & Partial<
    Record<UniqueKey['ownerField'], string>
  >;

function claimId(key: UniqueKey): string {
  return `${key.idPrefix}${key.field}.${createHash('sha256').update(key.key, 'utf8').digest('base64url')}`;
}

/**
 * Claims the value for its owner. True when it is now claimed for the owner (or already was); false when
 * another owner that still holds the value has it (`stillHolds` reads that owner's document).
 */
export async function claimUniqueKey(
  deps: Pick<Deps, 'store'>,
  key: UniqueKey,
  stillHolds: (ownerId: string) => Promise<boolean>,
): Promise<boolean> {
  const claims = deps.store.collection<UniqueKeyClaimDocument>('tokens');
  const id = claimId(key);
  const claim: UniqueKeyClaimDocument = { id, pk: id, kind: key.kind, field: key.field, [key.ownerField]: key.ownerId };
  try {
    await claims.create(claim);
    return true;
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
  }
  const existing = await claims.read(id, id);
  if (!existing) return false; // released a moment ago; the caller answers "taken" rather than loop
  const holder = existing[key.ownerField];
  if (holder === key.ownerId) return true;
  if (holder !== undefined && (await stillHolds(holder))) return false;
  try {
    await claims.replace(claim, { ifMatch: existing._etag });
    return true;
  } catch (error) {
    if (error instanceof StoreConflictError) return false;
    throw error;
  }
}

/** Gives a claim back (a write that failed after claiming, or an owner that no longer uses the value). */
export async function releaseUniqueKey(deps: Pick<Deps, 'store'>, key: UniqueKey): Promise<void> {
  const claims = deps.store.collection<UniqueKeyClaimDocument>('tokens');
  const id = claimId(key);
  const existing = await claims.read(id, id);
  if (existing?.[key.ownerField] === key.ownerId) {
    await claims.delete(id, id, { ifMatch: existing._etag }).catch(() => false);
  }
}
