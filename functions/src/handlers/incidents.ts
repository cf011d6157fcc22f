import type { HttpResponseInit } from '@azure/functions';
import { z } from 'zod';
import { clientInfo } from '../http/client-info.js';
import { contentDisposition } from '../http/content-disposition.js';
import { readJson } from '../http/read-body.js';
import { ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { exportOmbudsmanReport } from '../services/incidents/export-ombudsman-report.js';
import { prepareIncidentNotices, sendIncidentNotices } from '../services/incidents/incident-notices.js';
import { getIncident, listIncidents } from '../services/incidents/read-incidents.js';
import {
  addIncidentNote,
  changeIncidentStatus,
  updateOmbudsmanReport,
} from '../services/incidents/record-incident-steps.js';

const anyJson = z.unknown();
const formatSchema = z.enum(['json', 'text']).default('json');

/** GET /api/superadmin/incidents — security incidents, newest first, with the time left on each clock. */
export async function getIncidents({ deps }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listIncidents(deps));
}

/** GET /api/superadmin/incidents/{id} */
export async function getIncidentById({ deps, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await getIncident(deps, routeParam(params, 'id')));
}

/** POST /api/superadmin/incidents/{id}/notes {text} */
export async function postIncidentNote({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(await addIncidentNote(deps, requireCaller(caller), clientInfo(request), routeParam(params, 'id'), body));
}

/** POST /api/superadmin/incidents/{id}/status {status, reason?} */
export async function postIncidentStatus({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(
    await changeIncidentStatus(deps, requireCaller(caller), clientInfo(request), routeParam(params, 'id'), body),
  );
}

/** PUT /api/superadmin/incidents/{id}/ombudsman — the notification's data as edited. */
export async function putIncidentOmbudsman({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(
    await updateOmbudsmanReport(deps, requireCaller(caller), clientInfo(request), routeParam(params, 'id'), body),
  );
}

/** GET /api/superadmin/incidents/{id}/ombudsman?format=json|text — the notification's data to hand in. */
export async function getIncidentOmbudsman({ deps, request, params }: RouteCall): Promise<HttpResponseInit> {
  const id = routeParam(params, 'id');
  const format = formatSchema.parse(request.query.get('format') ?? undefined);
  const report = await exportOmbudsmanReport(deps, id);
  if (format === 'json') return ok(report.json);
  return {
    status: 200,
    body: report.text,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': contentDisposition(`incident-${id}-ombudsman.txt`, 'incident-ombudsman.txt'),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  };
}

/** POST /api/superadmin/incidents/{id}/notices — drafts of the notices to the affected accounts. */
export async function postIncidentNotices({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await prepareIncidentNotices(deps, requireCaller(caller), clientInfo(request), routeParam(params, 'id')));
}

/** POST /api/superadmin/incidents/{id}/notices/send {confirm: true} */
export async function postSendIncidentNotices({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(
    await sendIncidentNotices(deps, requireCaller(caller), clientInfo(request), routeParam(params, 'id'), body),
  );
}
