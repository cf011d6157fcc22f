import type { HttpResponseInit } from '@azure/functions';
import { authenticate } from '../http/authenticate.js';
import { fileDownload, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { getJobStatus as readJobStatus } from '../services/jobs/get-job-status.js';
import { openJobResult } from '../services/jobs/open-job-result.js';
import { stopJob } from '../services/claims/stop-job.js';
import { clientInfo } from '../http/client-info.js';
import type { CallerLookup } from '../services/jobs/read-visible-job.js';

/*
 * These routes are public in the route table because the public generator's
 * jobs are read by id alone; every other job still needs its signed-in
 * reader, looked up only when the job turns out to need one.
 */

/** GET /api/dispute/job/{id}/status — a job's status and error message. */
export async function getJobStatus({ request, deps, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await readJobStatus(deps, signedInCaller({ request, deps }), routeParam(params, 'id')));
}

/** GET /api/dispute/job/{id}/result — a completed job's result, as a download (Markdown for claims, PDF for decisions). */
export async function getJobResult({ request, deps, params }: RouteCall): Promise<HttpResponseInit> {
  return fileDownload(await openJobResult(deps, signedInCaller({ request, deps }), routeParam(params, 'id')));
}

/** POST /api/dispute/job/{id}/stop — Stop (claim generator) and Cancel (public generator): `{ data: { stopped } }`. */
export async function postJobStop({ request, deps, params }: RouteCall): Promise<HttpResponseInit> {
  const data = await stopJob(deps, signedInCaller({ request, deps }), routeParam(params, 'id'), clientInfo(request));
  return ok({ data });
}

function signedInCaller({ request, deps }: Pick<RouteCall, 'request' | 'deps'>): CallerLookup {
  return async () => requireCaller(await authenticate(deps, request, 'user'));
}
