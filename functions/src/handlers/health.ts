import type { HttpResponseInit } from '@azure/functions';
import { ok } from '../http/responses.js';
import type { RouteCall } from '../http/route.js';
import { readDeepHealthReport, runDeepHealthCheck } from '../services/health/run-deep-health-check.js';

/** GET /api/superadmin/health — the deep health check's last report (the timer runs it; docs/operations.md). */
export async function getDeepHealth({ deps }: RouteCall): Promise<HttpResponseInit> {
  return ok(await readDeepHealthReport(deps));
}

/** POST /api/superadmin/health/run — runs the deep health check now and answers its report. */
export async function postDeepHealthRun({ deps, log }: RouteCall): Promise<HttpResponseInit> {
  return ok(await runDeepHealthCheck({ ...deps, log }));
}
