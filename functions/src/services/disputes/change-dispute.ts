import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { withLookupIndexes, type DisputeDocument } from './dispute-document.js';

export const CASE_BUSY_MESSAGE = refusal('cases.busy').message;

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
  const result = await changeRecord(
    deps.store.collection<DisputeDocument>('disputes'),
    { pk: disputeId, id: disputeId },
    (current) => {
      const changed = change(current);
      return changed && withLookupIndexes(changed);
    },
    { ...(first ? { first } : {}), busy: () => new ConflictError(refusal('cases.busy')) },
  );
  if (result.outcome === 'missing') throw new NotFoundError(refusal('cases.notFound'));
  return result.record;
}
