import type { ChallengeView, DisputeSummary } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { adminScopeOf, tenantFilter } from '../../records/admin-scope.js';
import { toDisputeSummary, type DisputeDocument } from '../disputes/dispute-document.js';
import { constitutionOf, toConstitutionView } from '../disputes/constitution-record.js';

export interface ChallengeRow {
  dispute: DisputeSummary;
  caseNumber?: string;
  challenge: ChallengeView;
  /** The arbitrator's statement of independence as given on acceptance. */
  statement?: 'none' | 'disclosed';
  disclosure?: string;
}

/** `GET /api/admin/tribunal/challenges`: the open challenges of the administrator's scope, oldest first. */
export async function listOpenChallenges(deps: Pick<Deps, 'store'>, caller: Caller): Promise<ChallengeRow[]> {
  const scope = adminScopeOf(caller);
  const page = await deps.store.collection<DisputeDocument>('disputes').query({
    where: [...tenantFilter(scope), { field: 'tribunal.status', op: 'exists', value: true }],
    limit: 500,
  });
  return page.items
    .flatMap((dispute) =>
      toConstitutionView(constitutionOf(dispute))
        .challenges.filter((challenge) => challenge.status === 'Open')
        .map((challenge) => {
          const member = dispute.tribunal?.members.find((entry) => entry.userId === challenge.arbitratorId);
          return {
            dispute: toDisputeSummary(dispute, challenge.side),
            ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
            challenge,
            ...(member?.statement ? { statement: member.statement } : {}),
            ...(member?.disclosure ? { disclosure: member.disclosure } : {}),
          };
        }),
    )
    .sort((a, b) => a.challenge.at.localeCompare(b.challenge.at));
}
