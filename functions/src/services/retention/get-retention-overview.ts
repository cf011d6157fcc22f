import type { RetentionCaseView, RetentionOverview } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { adminScopeOf, tenantFilter } from '../../records/admin-scope.js';
import { toDisputeView, type DisputeDocument } from '../disputes/dispute-document.js';
import { toTombstoneView, type CaseTombstoneDocument } from './case-tombstone.js';
import { finishedAtOf } from './retention-dates.js';

const LIMIT = 200;

/**
 * `GET /api/superadmin/retention`: the finished cases in the caller's scope with their deletion date and any
 * legal hold (holds and the nearest deletions first), and the tombstones of the cases already deleted.
 */
export async function getRetentionOverview(deps: Pick<Deps, 'store'>, caller: Caller): Promise<RetentionOverview> {
  const scope = adminScopeOf(caller);
  const disputes = await deps.store.collection<DisputeDocument>('disputes').query({
    where: [{ field: 'status', op: 'in', value: ['Resolved', 'Closed'] }, ...tenantFilter(scope)],
    limit: 1000,
  });
  const cases: RetentionCaseView[] = [];
  for (const dispute of disputes.items) {
    const finishedAt = finishedAtOf(dispute);
    if (!finishedAt) continue;
    cases.push({
      disputeId: dispute.id,
      ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
      name: dispute.name,
      tenantId: dispute.tenantId,
      finishedAt,
      ...(toDisputeView(dispute, 'claimant').retention ?? {}),
    });
  }
  cases.sort(
    (a, b) =>
      Number(Boolean(b.legalHold)) - Number(Boolean(a.legalHold)) ||
      (a.deleteAfter ?? '9999').localeCompare(b.deleteAfter ?? '9999'),
  );
  const tombstones = await deps.store.collection<CaseTombstoneDocument>('tokens').query({
    where: [{ field: 'kind', op: '=', value: 'case-tombstone' }, ...tenantFilter(scope)],
    orderBy: { field: 'deletedAt', direction: 'desc' },
    limit: LIMIT,
  });
  return { cases: cases.slice(0, LIMIT), tombstones: tombstones.items.map(toTombstoneView) };
}
