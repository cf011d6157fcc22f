import type { HttpResponseInit } from '@azure/functions';
import { generateDecisionOptionsSchema, generateDecisionSchema } from '@ratkaisu/core';
import { z } from 'zod';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { accepted, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { requestDecisionGeneration } from '../services/decisions/request-decision-generation.js';
import { stopDecisionGeneration } from '../services/decisions/stop-decision-generation.js';

/** POST /api/dispute/{id}/generatedecision — queues the case's decision (202, `{ data: { jobId, attachmentId } }`). */
export async function postGenerateDecision({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const body = await readJson(request, z.unknown());
  const settings = generateDecisionSchema.parse(body);
  const { proceedWithoutConfirmation } = generateDecisionOptionsSchema.parse(body);
  const started = await requestDecisionGeneration(
    deps,
    signedIn,
    {
      disputeId: routeParam(params, 'id'),
      settings,
      ...(proceedWithoutConfirmation ? { proceedWithoutConfirmation } : {}),
    },
    clientInfo(request),
  );
  return accepted({ data: started });
}

/** POST /api/dispute/{id}/stopdecisiongeneration — `{ data: { stopped, attachmentId? } }`. */
export async function postStopDecisionGeneration({
  request,
  deps,
  caller,
  params,
}: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const result = await stopDecisionGeneration(deps, signedIn, routeParam(params, 'id'), clientInfo(request));
  return ok({ data: result });
}
