import type { DisputeAnalytics } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { adminScopeOf, tenantFilter, type AdminScope } from '../../records/admin-scope.js';
import { briefly } from './brief-cache.js';
import { countDisputesByStatus } from './count-disputes-by-status.js';
import { DASHBOARD_CACHE_MS } from './get-dashboard-stats.js';

/** Months shown, the current one included. */
const MONTHS = 12;

/**
 * `GET /api/superadmin/analytics/disputes`: cases per status and per month of
 * creation (UTC) over the last twelve months, each a store count on an
 * indexed field, so no case is read. An Admin's numbers cover their tenant.
 */
export function getDisputeAnalytics(deps: Deps, caller: Caller): Promise<DisputeAnalytics> {
  const scope = adminScopeOf(caller);
  const key = scope.kind === 'all' ? 'disputes:all' : `disputes:${scope.tenantId}`;
  return briefly(deps, key, DASHBOARD_CACHE_MS, () => computeDisputeAnalytics(deps, scope));
}

async function computeDisputeAnalytics(deps: Deps, scope: AdminScope): Promise<DisputeAnalytics> {
  const now = deps.clock.now();
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const inScope = tenantFilter(scope);
  const months = lastMonths(now, MONTHS);

  const [total, byStatus, monthCounts] = await Promise.all([
    disputes.count({ where: inScope }),
    countDisputesByStatus(deps, inScope),
    Promise.all(
      months.map(({ start, end }) =>
        disputes.count({
          where: [
            ...inScope,
            { field: 'dateCreated', op: '>=', value: start },
            { field: 'dateCreated', op: '<', value: end },
          ],
        }),
      ),
    ),
  ]);
  return {
    total,
    byStatus,
    byMonth: months.map(({ month }, index) => ({ month, count: monthCounts[index]! })),
    generatedAt: now.toISOString(),
  };
}

/** The last `count` calendar months (UTC) up to and including now's, oldest first, as ISO bounds. */
export function lastMonths(now: Date, count: number): { month: string; start: string; end: string }[] {
  const months: { month: string; start: string; end: string }[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1));
    months.push({ month: start.toISOString().slice(0, 7), start: start.toISOString(), end: end.toISOString() });
  }
  return months;
}
