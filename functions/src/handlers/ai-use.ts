import { noticeExport } from '../services/incidents/notice-security-signal.js';
import type { HttpResponseInit } from '@azure/functions';
import { z } from 'zod';
import { clientInfo } from '../http/client-info.js';
import { contentDisposition } from '../http/content-disposition.js';
import { readJson } from '../http/read-body.js';
import { created, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { exportAiLog, renderAiLogPdf } from '../services/ai-oversight/export-ai-log.js';
import { getAiOversight } from '../services/ai-oversight/get-ai-oversight.js';
import { reportAnonymousAiProblem, reportCaseAiProblem } from '../services/ai-oversight/report-ai-problem.js';
import { setAiLogRetention } from '../services/ai-oversight/set-ai-log-retention.js';

/* The EU AI Act routes: problem reports, the oversight view, the per-case AI-use log, its retention. */

const anyJson = z.unknown();

/** POST /api/dispute/{id}/ai-problem-reports {output, outputId, kind, location, description} */
export async function postCaseAiProblemReport({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  const data = await reportCaseAiProblem(
    deps,
    requireCaller(caller),
    routeParam(params, 'id'),
    body,
    clientInfo(request),
  );
  return created({ data });
}

/** POST /api/dispute/job/{id}/ai-problem-reports — the public generator's proposal; the job id is the key. */
export async function postAnonymousAiProblemReport({ deps, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return created({ data: await reportAnonymousAiProblem(deps, routeParam(params, 'id'), body, clientInfo(request)) });
}

/** GET /api/superadmin/ai-oversight?tenantId&month */
export async function getAiOversightRoute({ deps, caller, request }: RouteCall): Promise<HttpResponseInit> {
  const query = {
    tenantId: request.query.get('tenantId') ?? undefined,
    month: request.query.get('month') ?? undefined,
  };
  return ok(await getAiOversight(deps, requireCaller(caller), query, deps.clock.now()));
}

/** GET /api/superadmin/ai-log/{id}[?format=pdf] — one case's AI-use log for an authority. */
export async function getAiLogExport({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const log = await exportAiLog(deps, requireCaller(caller), routeParam(params, 'id'), clientInfo(request));
  await noticeExport(deps, requireCaller(caller).userId);
  const name = `AI-log_${log.dispute.caseNumber ?? log.dispute.id}`;
  if (request.query.get('format') === 'pdf') {
    const pdf = await renderAiLogPdf(log);
    return {
      status: 200,
      body: Buffer.from(pdf),
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition(`${name}.pdf`, 'ai-log.pdf'),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    };
  }
  return {
    status: 200,
    jsonBody: log,
    headers: {
      'Content-Disposition': contentDisposition(`${name}.json`, 'ai-log.json'),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  };
}

/** PUT /api/superadmin/tenants/{id}/ai-log-retention {months} */
export async function putAiLogRetention({ deps, caller, request, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, anyJson);
  return ok(await setAiLogRetention(deps, requireCaller(caller), routeParam(params, 'id'), body, clientInfo(request)));
}
