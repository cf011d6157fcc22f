import { DISPUTE_STATUSES, type DisputeStatus } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Filter } from '../../ports/store.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';

/**
 * The cases in scope per docs/product.md status, one store count each: the one source of the Overview's case numbers
 * (total, active, resolved, closed) and of its breakdown, so the cards and the bars cannot disagree.
 */
export async function countDisputesByStatus(
  deps: Pick<Deps, 'store'>,
  inScope: readonly Filter[],
): Promise<{ status: DisputeStatus; count: number }[]> {
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const counts = await Promise.all(
    DISPUTE_STATUSES.map((status) =>
      disputes.count({ where: [...inScope, { field: 'status', op: '=', value: status }] }),
    ),
  );
  return DISPUTE_STATUSES.map((status, index) => ({ status, count: counts[index]! }));
}
