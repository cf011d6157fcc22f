import type { HttpResponseInit } from '@azure/functions';
import { listEvaluations } from '../services/evaluations/list-evaluations.js';
import { getModelUsage } from '../services/admin/get-model-usage.js';
import { describeCapacity } from '../services/model-budget/describe-capacity.js';
import { auditLogQuerySchema } from '@ratkaisu/core';
import { z } from 'zod';
import { clientInfo } from '../http/client-info.js';
import { contentDisposition } from '../http/content-disposition.js';
import { readJson } from '../http/read-body.js';
import { created, noContent, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { createAdminUser } from '../services/admin/create-admin-user.js';
import { deleteAdminUser } from '../services/admin/delete-admin-user.js';
import { fixMissingRoles } from '../services/admin/fix-missing-roles.js';
import { getDashboardStats } from '../services/admin/get-dashboard-stats.js';
import { getDisputeAnalytics } from '../services/admin/get-dispute-analytics.js';
import { listAdminUsers } from '../services/admin/list-admin-users.js';
import { updateAdminUser } from '../services/admin/update-admin-user.js';
import { checkAuditChain } from '../services/audit/check-audit-chain.js';
import { reportBrokenAuditChain } from '../services/incidents/detect-broken-audit-chain.js';
import { exportAuditEntries } from '../services/audit/export-audit-entries.js';
import { listAuditEntries } from '../services/audit/list-audit-entries.js';
import { createTenant } from '../services/tenants/create-tenant.js';
import { listTenants } from '../services/tenants/list-tenants.js';
import { updateTenant } from '../services/tenants/update-tenant.js';

/*
 * The administration routes (docs/product.md section 7, "Admin"). A SuperAdmin works
 * on every tenant, an Admin on their own; the services apply that scope.
 * Tenant and user bodies are read here as JSON but validated by the services
 * with core's schemas, so that a refused change is audited like any other.
 */

const anyJson = z.unknown();

/** GET /api/superadmin/dashboard — the Overview's numbers. */
export async function getAdminDashboard({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await getDashboardStats(deps, requireCaller(caller)));
}

/** GET /api/superadmin/analytics/disputes — cases per status and per month. */
export async function getAdminDisputeAnalytics({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await getDisputeAnalytics(deps, requireCaller(caller)));
}

/** GET /api/superadmin/analytics/model-usage — the model's tokens and estimated cost per tenant and month. */
export async function getAdminModelUsage({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await getModelUsage(deps, requireCaller(caller)));
}

/** GET /api/superadmin/model-capacity — each model deployment's use now and the wait of a typical case. */
export async function getAdminModelCapacity({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  requireCaller(caller);
  return ok((await describeCapacity(deps)) ?? null);
}

/** GET /api/superadmin/evaluations — the last evaluation scorecard per deployment and prompt version (docs/eval.md). */
export async function getAdminEvaluations({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  requireCaller(caller);
  return ok(await listEvaluations(deps));
}

/** GET /api/superadmin/tenants */
export async function getTenants({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listTenants(deps, requireCaller(caller)));
}

/** POST /api/superadmin/tenants {name, domain, azureTenantId, description} */
export async function postTenant({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return created(await createTenant(deps, requireCaller(caller), body, clientInfo(request)));
}

/** PUT /api/superadmin/tenants/{id} */
export async function putTenant({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(await updateTenant(deps, requireCaller(caller), routeParam(params, 'id'), body, clientInfo(request)));
}

/** GET /api/superadmin/users */
export async function getAdminUsers({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listAdminUsers(deps, requireCaller(caller)));
}

/** POST /api/superadmin/users {userName, email, tenantId, roles} */
export async function postAdminUser({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return created(await createAdminUser(deps, requireCaller(caller), body, clientInfo(request)));
}

/** PUT /api/superadmin/users/{id} */
export async function putAdminUser({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(await updateAdminUser(deps, requireCaller(caller), routeParam(params, 'id'), body, clientInfo(request)));
}

/** DELETE /api/superadmin/users/{id} */
export async function deleteAdminUserById({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  await deleteAdminUser(deps, requireCaller(caller), routeParam(params, 'id'), clientInfo(request));
  return noContent();
}

/** POST /api/superadmin/users/fix-missing-roles — `{ fixed }`. */
export async function postFixMissingRoles({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  return ok(await fixMissingRoles(deps, requireCaller(caller), clientInfo(request)));
}

/** GET /api/superadmin/security-logs?action&userId&startDate&endDate&page&pageSize — `{ items, totalCount }`. */
export async function getSecurityLogs({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  const query = auditLogQuerySchema.parse(Object.fromEntries(request.query));
  return ok(await listAuditEntries(deps, requireCaller(caller), query, clientInfo(request)));
}

/** GET /api/superadmin/security-logs/export — the filtered entries as a CSV download. */
export async function getSecurityLogsExport({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  const { page: _page, pageSize: _pageSize, ...filters } = auditLogQuerySchema.parse(Object.fromEntries(request.query));
  const csv = await exportAuditEntries(deps, requireCaller(caller), filters, clientInfo(request));
  return {
    status: 200,
    body: csv.stream,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(csv.fileName, 'audit-log.csv'),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  };
}

/** GET /api/superadmin/security-logs/verify — the audit chain's state, first broken link included. */
export async function getSecurityLogsVerify({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  const report = await checkAuditChain(deps, requireCaller(caller), clientInfo(request));
  // A broken chain is a security signal: it opens an incident (docs/operations.md "Incidents"); the answer stands either way.
  await reportBrokenAuditChain(deps, report).catch((error: unknown) =>
    deps.log.error('Opening an incident for a broken audit chain failed', { error }),
  );
  return ok(report);
}
