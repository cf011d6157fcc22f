import { noticeExport } from '../services/incidents/notice-security-signal.js';
import type { HttpResponseInit } from '@azure/functions';
import { adminDataExportSchema, closeAccountSchema } from '@ratkaisu/core';
import { clearedRefreshCookie } from '../http/refresh-cookie.js';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { accepted, fileDownload, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { closeAccount } from '../services/account-closure/close-account.js';
import { openDataExport } from '../services/data-export/open-data-export.js';
import { requestDataExport } from '../services/data-export/request-data-export.js';
import { requireSuperAdmin } from '../services/tenants/require-super-admin.js';

/**
 * The data subject's rights (docs/data-subject-rights.md): a copy of one's data (GDPR Arts. 15 and 20), also
 * made by a super-administrator for a request made to the operator, and closing the account (Art. 17).
 */

/** POST /user/data-export — 202 `{ jobId }`; its status at the job-status route. */
export async function postDataExport({ deps, request, caller }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const started = await requestDataExport(deps, signedIn, clientInfo(request), { subjectUserId: signedIn.userId });
  await noticeExport(deps, signedIn.userId);
  return accepted(started);
}

/** GET /user/data-export/{jobId} — the ZIP, streamed, to the one who asked for it, while it is valid. */
export async function getDataExport({ deps, request, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return fileDownload(
    await openDataExport(deps, requireCaller(caller), clientInfo(request), routeParam(params, 'jobId')),
  );
}

/** POST /api/superadmin/users/{id}/data-export — `{ reason }`: the same copy, for a data-subject request. */
export async function postAdminDataExport({ deps, request, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const admin = requireCaller(caller);
  requireSuperAdmin(admin);
  const { reason } = await readJson(request, adminDataExportSchema);
  const subjectUserId = routeParam(params, 'id');
  const started = await requestDataExport(deps, admin, clientInfo(request), { subjectUserId, reason });
  // One account copying many people's data is a security signal (docs/operations.md "Incidents").
  await noticeExport(deps, admin.userId);
  return accepted(started);
}

/** POST /user/close-account — `{ password, code | entraToken, confirm: true }`: 200 with what went and what stays. */
export async function postCloseAccount({ deps, request, caller }: RouteCall): Promise<HttpResponseInit> {
  const { confirm: _confirmed, ...input } = await readJson(request, closeAccountSchema);
  const closed = await closeAccount(deps, requireCaller(caller), clientInfo(request), input);
  // The "keep me signed in" cookie names a session that no longer exists: cleared with the answer.
  const answer = ok(closed);
  return {
    ...answer,
    headers: { ...(answer.headers as Record<string, string>), 'Set-Cookie': clearedRefreshCookie(deps) },
  };
}
