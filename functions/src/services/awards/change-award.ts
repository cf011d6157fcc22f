import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { refusal } from '@ratkaisu/core';
import type { AwardDocument } from './award-document.js';

/**
 * Writes a change to a decision's record conditionally on the version it was computed from, as changeDispute
 * does for cases (records/change-record.ts): when someone else wrote it in between, reads it again and asks
 * `change` again, so every rule `change` checks holds for the record as it is now. `change` may throw a domain
 * error to refuse, or answer undefined when there is nothing to write (the current record is returned).
 */
export async function changeAward(
  deps: Pick<Deps, 'store'>,
  disputeId: string,
  awardId: string,
  change: (current: Stored<AwardDocument>) => AwardDocument | undefined,
): Promise<AwardDocument> {
  const result = await changeRecord(
    deps.store.collection<AwardDocument>('awards'),
    { pk: disputeId, id: awardId },
    change,
    {
      busy: () => new ConflictError(refusal('tribunal.awardBusy')),
    },
  );
  if (result.outcome === 'missing') throw new NotFoundError(refusal('tribunal.awardNotFound'));
  return result.record;
}
