import type { DisputeSummary, TribunalView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { toDisputeSummary, toTribunalView, type DisputeDocument } from '../disputes/dispute-document.js';

/** One row of the dashboard's "Cases as arbitrator". */
export interface ArbitratorCaseRow extends DisputeSummary {
  caseNumber?: string;
  tribunal: TribunalView;
}

/** `GET /api/tribunal/cases`: the cases the caller sits on (appointed, not declined), newest first. */
export async function listArbitratorCases(deps: Pick<Deps, 'store'>, caller: Caller): Promise<ArbitratorCaseRow[]> {
  const page = await deps.store.collection<DisputeDocument>('disputes').query({
    where: [{ field: 'tribunalMemberIds', op: 'arrayContains', value: caller.userId }],
    limit: 1000,
  });
  return page.items
    .filter((dispute) => dispute.tribunal)
    .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated))
    .map((dispute) => ({
      ...toDisputeSummary(dispute, 'tribunal'),
      ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
      tribunal: toTribunalView(dispute.tribunal!),
    }));
}
