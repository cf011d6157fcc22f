import type { HttpResponseInit } from '@azure/functions';
import { z } from 'zod';
import { clientInfo } from '../http/client-info.js';
import { contentDisposition } from '../http/content-disposition.js';
import { readJson } from '../http/read-body.js';
import { noContent, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { listDeletionCertificates, renderDeletionCertificate } from '../services/offboarding/deletion-certificate.js';
import { exportTenant } from '../services/offboarding/export-tenant.js';
import { offboardTenant } from '../services/offboarding/offboard-tenant.js';
import { removeTenant } from '../services/offboarding/remove-tenant.js';
import { getRetentionOverview } from '../services/retention/get-retention-overview.js';
import { changeLegalHold } from '../services/retention/legal-hold.js';
import { setCaseRetention } from '../services/retention/set-case-retention.js';

/* Case retention, legal holds and tenant offboarding (docs/data-lifecycle.md). */

const anyJson = z.unknown();

/** PUT /api/superadmin/tenants/{id}/case-retention {years} */
export async function putCaseRetention({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(await setCaseRetention(deps, requireCaller(caller), routeParam(params, 'id'), body, clientInfo(request)));
}

/** GET /api/superadmin/retention */
export async function getRetention({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await getRetentionOverview(deps, requireCaller(caller)));
}

/** POST /api/superadmin/disputes/{id}/legal-hold {reason} */
export async function postLegalHold({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(
    await changeLegalHold(deps, requireCaller(caller), routeParam(params, 'id'), 'set', body, clientInfo(request)),
  );
}

/** POST /api/superadmin/disputes/{id}/legal-hold/lift {reason} */
export async function postLiftLegalHold({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(
    await changeLegalHold(deps, requireCaller(caller), routeParam(params, 'id'), 'lift', body, clientInfo(request)),
  );
}

/** DELETE /api/superadmin/tenants/{id}: a tenant without cases (else refused, naming the open ones). */
export async function deleteTenantById({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  await removeTenant(deps, requireCaller(caller), routeParam(params, 'id'), clientInfo(request));
  return noContent();
}

/** GET /api/superadmin/tenants/{id}/export — the tenant's data as a streamed ZIP with a manifest of hashes. */
export async function getTenantExport({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const { stream, fileName } = await exportTenant(
    deps,
    requireCaller(caller),
    routeParam(params, 'id'),
    clientInfo(request),
  );
  return {
    status: 200,
    body: stream,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(fileName, 'export.zip'),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  };
}

/** POST /api/superadmin/tenants/{id}/offboard {confirm} */
export async function postOffboardTenant({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(await offboardTenant(deps, requireCaller(caller), routeParam(params, 'id'), body, clientInfo(request)));
}

/** GET /api/superadmin/deletion-certificates */
export async function getDeletionCertificates({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listDeletionCertificates(deps, requireCaller(caller)));
}

/** GET /api/superadmin/deletion-certificates/{id} — the certificate of deletion as a PDF. */
export async function getDeletionCertificate({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const { pdf, fileName } = await renderDeletionCertificate(deps, requireCaller(caller), routeParam(params, 'id'));
  return {
    status: 200,
    body: Buffer.from(pdf),
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(fileName, 'certificate.pdf'),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  };
}
