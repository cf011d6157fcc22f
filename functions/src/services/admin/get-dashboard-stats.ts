import type { DashboardStats, DisputeStatus, TenantStats } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import type { AuditDocument } from '../../records/audit-document.js';
import { toAuditLogEntryView } from '../audit/audit-log-filters.js';
import { NEWEST_FIRST } from '../audit/list-audit-entries.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { listAllTenants } from '../tenants/list-all-tenants.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { productVersion } from '../../version.js';
import { adminScopeOf, tenantFilter, type AdminScope } from '../../records/admin-scope.js';
import { briefly } from './brief-cache.js';
import { countDisputesByStatus } from './count-disputes-by-status.js';

/** How long the numbers are reused. */
export const DASHBOARD_CACHE_MS = 10_000;
/** docs/product.md section 9: recent logins over 7 days; the Overview loads 10 entries. */
const RECENT_LOGIN_DAYS = 7;
const RECENT_ACTIVITIES = 10;
/** Successful sign-ins: local (Login) and work account (ValidateAccess). */
const SIGN_IN_ACTIONS = ['Login', 'ValidateAccess'];
/** Cases not yet resolved or closed. */
export const ACTIVE_DISPUTE_STATUSES: readonly DisputeStatus[] = ['Pending', 'InProgress'];
/** Tenants whose statistics are counted at the same time: enough to be quick, few enough not to flood the store. */
const TENANTS_IN_PARALLEL = 8;

/**
 * `GET /api/superadmin/dashboard`: the Overview's numbers, every one a store
 * count or a one-item query (no document list is loaded beyond the tenants),
 * so the cost does not grow with the number of users, cases or entries. A
 * SuperAdmin sees the whole service, an Admin their tenant. Numbers of cases
 * only: administrators never see case documents.
 */
export function getDashboardStats(deps: Deps, caller: Caller): Promise<DashboardStats> {
  const scope = adminScopeOf(caller);
  const key = scope.kind === 'all' ? 'dashboard:all' : `dashboard:${scope.tenantId}`;
  return briefly(deps, key, DASHBOARD_CACHE_MS, () => computeDashboardStats(deps, scope));
}

async function computeDashboardStats(deps: Deps, scope: AdminScope): Promise<DashboardStats> {
  const now = deps.clock.now();
  const inScope = tenantFilter(scope);
  const users = deps.store.collection<UserDocument>('users');
  const audit = deps.store.collection<AuditDocument>('audit');
  const since = new Date(now.getTime() - RECENT_LOGIN_DAYS * 24 * 3600 * 1000).toISOString();

  const tenants =
    scope.kind === 'all'
      ? await listAllTenants(deps)
      : [await deps.store.collection<TenantDocument>('tenants').read(scope.tenantId, scope.tenantId)].filter(
          (tenant): tenant is NonNullable<typeof tenant> => tenant !== undefined,
        );

  const disputes = deps.store.collection<DisputeDocument>('disputes');
  const finalBy = (kind: 'accepted' | 'award') =>
    disputes.count({ where: [...inScope, { field: 'outcome.kind', op: '=', value: kind }] });
  const [totalUsers, activeUsers, disputesByStatus, recentLogins, recent, tenantStats, accepted, award] =
    await Promise.all([
      users.count({ where: inScope }),
      users.count({ where: [...inScope, { field: 'isActive', op: '=', value: true }] }),
      countDisputesByStatus(deps, inScope),
      audit.count({
        where: [
          ...inScope,
          { field: 'action', op: 'in', value: SIGN_IN_ACTIONS },
          { field: 'success', op: '=', value: true },
          { field: 'timestamp', op: '>=', value: since },
        ],
      }),
      audit.query({ where: inScope, orderBy: NEWEST_FIRST, limit: RECENT_ACTIVITIES }),
      mapInBatches(tenants, TENANTS_IN_PARALLEL, (tenant) => statsOf(deps, tenant)),
      finalBy('accepted'),
      finalBy('award'),
    ]);

  // Every case has one of the four statuses, so the total and the active count follow from the same counts.
  const totalDisputes = disputesByStatus.reduce((sum, row) => sum + row.count, 0);
  const activeDisputes = disputesByStatus
    .filter((row) => ACTIVE_DISPUTE_STATUSES.includes(row.status))
    .reduce((sum, row) => sum + row.count, 0);
  return {
    activeTenants: tenants.filter((tenant) => tenant.isActive).length,
    totalUsers,
    totalDisputes,
    activeDisputes,
    disputesByStatus,
    finalOutcomes: { accepted, award },
    activeUsers,
    recentLogins,
    recentActivities: recent.items.map(toAuditLogEntryView),
    tenantStats,
    system: { version: productVersion, environment: deps.config.environment },
    generatedAt: now.toISOString(),
  };
}

/** One tenant's row: two counts and two single-item queries for the latest sign-in and the latest audited action. */
async function statsOf(deps: Deps, tenant: TenantDocument): Promise<TenantStats> {
  const byTenant = [{ field: 'tenantId', op: '=' as const, value: tenant.id }];
  const [userCount, disputeCount, lastSignIn, lastEntry] = await Promise.all([
    deps.store.collection<UserDocument>('users').count({ where: byTenant }),
    deps.store.collection<DisputeDocument>('disputes').count({ where: byTenant }),
    deps.store.collection<UserDocument>('users').query({
      where: [...byTenant, { field: 'lastActivity', op: 'exists', value: true }],
      orderBy: { field: 'lastActivity', direction: 'desc' },
      limit: 1,
    }),
    deps.store.collection<AuditDocument>('audit').query({ where: byTenant, orderBy: NEWEST_FIRST, limit: 1 }),
  ]);
  const candidates = [lastSignIn.items[0]?.lastActivity, lastEntry.items[0]?.timestamp].filter(
    (value): value is string => typeof value === 'string',
  );
  return {
    tenantId: tenant.id,
    tenantName: tenant.name,
    domain: tenant.domain,
    userCount,
    disputeCount,
    lastActivity: candidates.length > 0 ? candidates.sort().at(-1)! : null,
  };
}

async function mapInBatches<T, R>(items: readonly T[], size: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(map))));
  }
  return results;
}
