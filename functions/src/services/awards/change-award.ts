import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { StoreConflictError, type Stored } from '../../ports/store.js';
import { TRIBUNAL_MESSAGES } from '@ratkaisu/core';
import type { AwardDocument } from './award-document.js';

const MAX_ATTEMPTS = 6;

/**
 * Writes a change to a decision's record conditionally on the version it was computed from, as changeDispute
 * does for cases: when someone else wrote it in between, reads it again and asks `change` again, so every rule
 * `change` checks holds for the record as it is now. `change` may throw a domain error to refuse, or answer
 * undefined when there is nothing to write (the current record is returned).
 */
export async function changeAward(
  deps: Pick<Deps, 'store'>,
  disputeId: string,
  awardId: string,
  change: (current: Stored<AwardDocument>) => AwardDocument | undefined,
): Promise<AwardDocument> {
  const awards = deps.store.collection<AwardDocument>('awards');
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = await awards.read(disputeId, awardId);
    if (!current) throw new NotFoundError(TRIBUNAL_MESSAGES.awardNotFound);
    const changed = change(current);
    if (!changed) return current;
    const { _etag: _ignored, ...next } = changed as Stored<AwardDocument>;
    try {
      return await awards.replace(next, { ifMatch: current._etag });
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
    }
  }
  throw new ConflictError('The award’s record was changed by others many times at once. Please try again.');
}
