import type { HttpResponseInit } from '@azure/functions';
import { fileDownload, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { getJobStatus as readJobStatus } from '../services/jobs/get-job-status.js';
import { openJobResult } from '../services/jobs/open-job-result.js';

/** GET /api/dispute/job/{id}/status — a job's status and error message. */
export async function getJobStatus({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await readJobStatus(deps, requireCaller(caller), routeParam(params, 'id')));
}

/** GET /api/dispute/job/{id}/result — a completed job's result, as a download (Markdown for claims). */
export async function getJobResult({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return fileDownload(await openJobResult(deps, requireCaller(caller), routeParam(params, 'id')));
}
