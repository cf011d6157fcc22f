import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { Filter, Stored } from '../../ports/store.js';
import { confirmedEmailKey, sideOf } from './dispute-access.js';
import { disputeListKey, type DisputeDocument, type Side } from './dispute-document.js';

/**
 * Every case the caller may see, with their side, newest first (ties: the larger id first): the cases they
 * created and those naming their confirmed email on either side, whatever the
 * tenant. Three indexed queries, merged and de-duplicated.
 */
export async function listVisibleDisputes(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
): Promise<{ dispute: Stored<DisputeDocument>; side: Side }[]> {
  const key = await confirmedEmailKey(deps, caller);
  const filters: Filter[] = [{ field: 'createdBy.id', op: '=', value: caller.userId }];
  if (key !== undefined) {
    filters.push({ field: 'claimantEmailKey', op: '=', value: key });
    filters.push({ field: 'respondentEmailKey', op: '=', value: key });
  }
  const pages = await Promise.all(filters.map((filter) => queryAll(deps, filter)));
  const byId = new Map<string, Stored<DisputeDocument>>();
  for (const dispute of pages.flat()) byId.set(dispute.id, dispute);

  const visible: { dispute: Stored<DisputeDocument>; side: Side }[] = [];
  for (const dispute of byId.values()) {
    const side = sideOf(dispute, caller.userId, key);
    if (side) visible.push({ dispute, side });
  }
  // The paged list's order (list-dispute-page.ts): dateCreated, then id, both descending.
  const keyed = visible.map((entry) => ({ entry, key: disputeListKey(entry.dispute) }));
  keyed.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  return keyed.map(({ entry }) => entry);
}

async function queryAll(deps: Pick<Deps, 'store'>, filter: Filter): Promise<Stored<DisputeDocument>[]> {
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const items: Stored<DisputeDocument>[] = [];
  let continuation: string | undefined;
  do {
    const page = await disputes.query({ where: [filter], limit: 1000, ...(continuation ? { continuation } : {}) });
    items.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return items;
}
