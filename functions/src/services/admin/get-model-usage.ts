import type { ModelUsageRow } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { JobDocument } from '../jobs/job-document.js';
import { listAllTenants } from '../tenants/list-all-tenants.js';
import { adminScopeOf, tenantFilter } from '../../records/admin-scope.js';
import { briefly } from './brief-cache.js';

/** Jobs read per page while adding up (the sum is kept; the jobs are not). */
const PAGE = 500;
const MONTHS = 12;

/**
 * `GET /api/superadmin/analytics/model-usage`: tokens and estimated cost per tenant and month, for the
 * administrators' overview (what the AI costs, per tenant). A SuperAdmin sees every tenant and the
 * anonymous generator; an Admin their own tenant. Reused for a minute.
 */
export function getModelUsage(deps: Deps, caller: Caller): Promise<ModelUsageRow[]> {
  const scope = adminScopeOf(caller);
  const key = scope.kind === 'all' ? 'model-usage:all' : `model-usage:${scope.tenantId}`;
  return briefly(deps, key, 60_000, async () => {
    const now = deps.clock.now();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1)).toISOString();
    const jobs = deps.store.collection<JobDocument>('jobs');
    const rows = new Map<string, ModelUsageRow>();
    const names = new Map((await listAllTenants(deps)).map((tenant) => [tenant.id, tenant.name]));
    let continuation: string | undefined;
    do {
      const page = await jobs.query({
        where: [
          ...tenantFilter(scope),
          { field: 'usage', op: 'exists', value: true },
          { field: 'createdAt', op: '>=', value: since },
        ],
        limit: PAGE,
        ...(continuation ? { continuation } : {}),
      });
      for (const job of page.items) {
        const usage = job.usage!;
        const tenantId = job.tenantId ?? (job.kind === 'anonymous-decision' ? 'anonymous' : 'unknown');
        const month = job.createdAt.slice(0, 7);
        const key = `${tenantId}|${month}`;
        const row = rows.get(key) ?? {
          tenantId,
          tenantName: names.get(tenantId) ?? (tenantId === 'anonymous' ? 'Anonymous generator' : tenantId),
          month,
          jobs: 0,
          promptTokens: 0,
          cachedTokens: 0,
          completionTokens: 0,
          estimatedCostEur: 0,
        };
        row.jobs += 1;
        row.promptTokens += usage.promptTokens;
        row.cachedTokens += usage.cachedTokens;
        row.completionTokens += usage.completionTokens;
        row.estimatedCostEur = Math.round((row.estimatedCostEur + (usage.estimatedCostEur ?? 0)) * 100) / 100;
        rows.set(key, row);
      }
      continuation = page.continuation;
    } while (continuation);
    return [...rows.values()].sort(
      (a, b) => b.month.localeCompare(a.month) || a.tenantName.localeCompare(b.tenantName),
    );
  });
}
