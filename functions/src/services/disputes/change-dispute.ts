import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { StoreConflictError, type Stored } from '../../ports/store.js';
import { CASE_NOT_FOUND_MESSAGE, withLookupIndexes, type DisputeDocument } from './dispute-document.js';

/** Enough for a handful of parties writing at once; a case is never written by many more. */
const MAX_ATTEMPTS = 6;

export const CASE_BUSY_MESSAGE = 'The case was changed by others many times at once. Please try again.';

/**
 * Writes a change to a case conditionally on the version it was computed
 * from. When someone else wrote the case in between, reads it again and asks
 * `change` again, so the change (and every rule it checks: phase still active,
 * names still free) applies to the case as it is now, and no concurrent change
 * is lost. `change` may throw a domain error to refuse, or answer undefined
 * when there is nothing to write. Starts from `first` when given (a version
 * the caller has just read), else reads.
 */
export async function changeDispute(
  deps: Pick<Deps, 'store'>,
  disputeId: string,
  change: (current: Stored<DisputeDocument>) => DisputeDocument | undefined,
  first?: Stored<DisputeDocument>,
): Promise<DisputeDocument> {
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  let current = first;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    current ??= await disputes.read(disputeId, disputeId);
    if (!current) throw new NotFoundError(CASE_NOT_FOUND_MESSAGE);
    const changed = change(current);
    if (!changed) return current;
    const { _etag: _ignored, ...next } = changed as Stored<DisputeDocument>;
    try {
      return await disputes.replace(withLookupIndexes(next), { ifMatch: current._etag });
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
      current = undefined;
      // A short random pause, so writers that collided do not collide again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
  throw new ConflictError(CASE_BUSY_MESSAGE);
}
