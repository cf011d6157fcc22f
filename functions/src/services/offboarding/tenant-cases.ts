import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { finishedAtOf } from '../retention/retention-dates.js';

export interface TenantCases {
  /** Case numbers (or ids) of the cases still open. */
  open: string[];
  /** …of the finished cases under a legal hold. */
  held: string[];
  /** Ids of the finished cases that may be deleted. */
  finished: string[];
}

const PAGE = 200;

/** The tenant's cases by what they allow: open, held, finished. Reads a page at a time; keeps ids only. */
export async function tenantCases(deps: Pick<Deps, 'store'>, tenantId: string): Promise<TenantCases> {
  const result: TenantCases = { open: [], held: [], finished: [] };
  for await (const dispute of eachTenantCase(deps, tenantId)) {
    const label = dispute.caseNumber ?? dispute.id;
    if (!finishedAtOf(dispute)) result.open.push(label);
    else if (dispute.legalHold) result.held.push(label);
    else result.finished.push(dispute.id);
  }
  return result;
}

/** Every case of the tenant, a page at a time. */
export async function* eachTenantCase(
  deps: Pick<Deps, 'store'>,
  tenantId: string,
): AsyncGenerator<Stored<DisputeDocument>> {
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  let continuation: string | undefined;
  do {
    const page = await disputes.query({
      where: [{ field: 'tenantId', op: '=', value: tenantId }],
      limit: PAGE,
      ...(continuation ? { continuation } : {}),
    });
    yield* page.items;
    continuation = page.continuation;
  } while (continuation);
}
