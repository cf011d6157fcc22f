import type { HttpResponseInit } from '@azure/functions';
import { claimGenerationSchema } from '@ratkaisu/core';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { accepted } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { requestClaimGeneration } from '../services/claims/request-claim-generation.js';

/** POST /api/dispute/{id}/generateclaim — queues a claim draft (202, `{ data: { jobId } }`). */
export async function postGenerateClaim({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const body = await readJson(request, claimGenerationSchema);
  const { jobId } = await requestClaimGeneration(
    deps,
    signedIn,
    { disputeId: routeParam(params, 'id'), request: body },
    clientInfo(request),
  );
  return accepted({ data: { jobId } });
}
