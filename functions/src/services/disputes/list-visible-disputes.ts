import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { Stored } from '../../ports/store.js';
import { confirmedEmailKey, sideOf } from './dispute-access.js';
import { disputeListKey, type DisputeDocument, type Side } from './dispute-document.js';
import { dropStaleCases, isBeingOpened, partyCaseIds, queryVisibleDisputes } from './party-case-list.js';

/**
 * Every case the caller may see, with their side, newest first (ties: the larger id first): the cases they
 * created and those naming their confirmed email on either side, whatever the tenant. Read from the caller's
 * list of case ids (party-case-list.ts) and then each case by its id, each checked again as it is now; for a
 * person with more cases than a list holds, three indexed queries, merged and de-duplicated.
 */
export async function listVisibleDisputes(
  deps: Pick<Deps, 'store' | 'clock'>,
  caller: Caller,
): Promise<{ dispute: Stored<DisputeDocument>; side: Side }[]> {
  const key = await confirmedEmailKey(deps, caller);
  const listed = await partyCaseIds(deps, caller.userId, key);
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const found = listed
    ? await Promise.all(listed.caseIds.map((id) => disputes.read(id, id)))
    : await queryVisibleDisputes(deps, caller.userId, key);

  const visible: { dispute: Stored<DisputeDocument>; side: Side }[] = [];
  const stale: string[] = [];
  found.forEach((dispute, index) => {
    const side = dispute && sideOf(dispute, caller.userId, key);
    if (dispute && side) visible.push({ dispute, side });
    else if (listed && (dispute || !isBeingOpened(deps, listed.opening, listed.caseIds[index]!))) {
      stale.push(listed.caseIds[index]!);
    }
  });
  await dropStaleCases(deps, caller.userId, stale);
  // The paged list's order (list-dispute-page.ts): dateCreated, then id, both descending.
  const keyed = visible.map((entry) => ({ entry, key: disputeListKey(entry.dispute) }));
  keyed.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  return keyed.map(({ entry }) => entry);
}
