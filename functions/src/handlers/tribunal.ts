import type { HttpResponseInit } from '@azure/functions';
import {
  adoptAwardSchema,
  answerClaimsSummarySchema,
  commentClaimsSummarySchema,
  appointTribunalSchema,
  arbitratorProfileSchema,
  regenerateChapterSchema,
  requestTribunalSchema,
  respondAppointmentSchema,
  saveAwardDraftSchema,
  signAwardSchema,
} from '@ratkaisu/core';
import { z } from 'zod';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { accepted, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { acceptAiDecision } from '../services/award-signing/accept-ai-decision.js';
import { adoptAward } from '../services/awards/adopt-award.js';
import { getDispositiveCheck } from '../services/awards/get-dispositive-check.js';
import { getAward, getDecisionSettings } from '../services/awards/get-award.js';
import { saveAwardDraft } from '../services/awards/save-award-draft.js';
import { signAward } from '../services/award-signing/sign-award.js';
import { requestChapterRegeneration } from '../services/decisions/request-chapter-regeneration.js';
import { appointTribunal, listArbitrators, listTribunalRequests } from '../services/tribunal/appointments.js';
import { listArbitratorCases } from '../services/tribunal/list-arbitrator-cases.js';
import { requestTribunal } from '../services/tribunal/request-tribunal.js';
import { respondAppointment } from '../services/tribunal/respond-appointment.js';
import { setArbitrator } from '../services/tribunal/set-arbitrator.js';
import { answerClaimsSummary, commentClaimsSummary } from '../services/tribunal/claims-summary.js';
import { requestClaimsExtraction } from '../services/tribunal/request-claims-extraction.js';

const setArbitratorSchema = z.object({ arbitrator: arbitratorProfileSchema.nullable() });
const signBodySchema = signAwardSchema.extend({ entraToken: z.string().max(20_000).optional() });

function award(params: Record<string, string>) {
  return { disputeId: routeParam(params, 'id'), awardId: routeParam(params, 'awardId') };
}

/** POST /api/dispute/{id}/tribunal/request — a party asks for an arbitrator (or three). */
export async function postRequestTribunal({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, requestTribunalSchema);
  const data = await requestTribunal(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), size: body.size, ...(body.note ? { note: body.note } : {}) },
    clientInfo(request),
  );
  return ok({ data });
}

/** POST /api/dispute/{id}/tribunal/respond — the appointed arbitrator accepts (with a statement) or declines. */
export async function postRespondAppointment({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const answer = await readJson(request, respondAppointmentSchema);
  const data = await respondAppointment(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), answer },
    clientInfo(request),
  );
  return ok({ data });
}

/** GET /api/tribunal/cases — the cases the caller sits on as an arbitrator. */
export async function getArbitratorCases({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok({ data: await listArbitratorCases(deps, requireCaller(caller)) });
}

/** GET /api/admin/tribunal/requests — cases waiting for their tribunal, in the administrator's scope. */
export async function getTribunalRequests({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok({ data: await listTribunalRequests(deps, requireCaller(caller)) });
}

/** GET /api/admin/arbitrators — the arbitrators of the administrator's scope. */
export async function getArbitrators({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok({ data: await listArbitrators(deps, requireCaller(caller)) });
}

/** POST /api/admin/tribunal/{id}/appoint — appoints a sole arbitrator or three (the chair first). */
export async function postAppointTribunal({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, appointTribunalSchema);
  const data = await appointTribunal(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), arbitratorIds: body.arbitratorIds },
    clientInfo(request),
  );
  return ok({ data });
}

/** PUT /api/superadmin/users/{id}/arbitrator — grants (name and title) or withdraws (null) the arbitrator attribute. */
export async function putArbitrator({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, setArbitratorSchema);
  const data = await setArbitrator(
    deps,
    requireCaller(caller),
    { userId: routeParam(params, 'id'), arbitrator: body.arbitrator },
    clientInfo(request),
  );
  return ok({ data });
}

/** GET /api/dispute/{id}/award/{awardId} — a decision's record (drafts for the tribunal only). */
export async function getAwardById({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok({ data: await getAward(deps, requireCaller(caller), award(params)) });
}

/** GET /api/dispute/{id}/award/{awardId}/settings — the settings a decision was generated with. */
export async function getAwardSettings({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok({ data: await getDecisionSettings(deps, requireCaller(caller), award(params)) });
}

/** PUT /api/dispute/{id}/award/{awardId} — a new version of the tribunal's draft (409 with `current` when stale). */
export async function putAwardDraft({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const draft = await readJson(request, saveAwardDraftSchema);
  const data = await saveAwardDraft(deps, requireCaller(caller), { ...award(params), draft }, clientInfo(request));
  return ok({ data });
}

/** GET /api/dispute/{id}/award/{awardId}/dispositive-check — where the tuomiolauselma and chapter 6 differ. */
export async function getAwardDispositiveCheck({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok({ data: await getDispositiveCheck(deps, requireCaller(caller), award(params)) });
}

/** POST /api/dispute/{id}/award/{awardId}/adopt — the chair adopts a version as the award. */
export async function postAdoptAward({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, adoptAwardSchema);
  const data = await adoptAward(
    deps,
    requireCaller(caller),
    { ...award(params), version: body.version, notSigning: body.notSigning, confirmMismatches: body.confirmMismatches },
    clientInfo(request),
  );
  return ok({ data });
}

/** POST /api/dispute/{id}/award/{awardId}/sign — a member signs after re-authenticating. */
export async function postSignAward({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, signBodySchema);
  const data = await signAward(deps, requireCaller(caller), { ...award(params), ...body }, clientInfo(request));
  return ok({ data });
}

/** POST /api/dispute/{id}/award/{awardId}/accept — a party accepts the AI decision (both → Resolved). */
export async function postAcceptDecision({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok({ data: await acceptAiDecision(deps, requireCaller(caller), award(params), clientInfo(request)) });
}

/** POST /api/dispute/{id}/award/{awardId}/regenerate — one chapter written again with an instruction (202, a job). */
export async function postRegenerateChapter({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, regenerateChapterSchema);
  const data = await requestChapterRegeneration(
    deps,
    requireCaller(caller),
    { ...award(params), ...body },
    clientInfo(request),
  );
  return accepted({ data });
}

/** POST /api/dispute/{id}/tribunal/claims-summary — a member has the parties' claims extracted (202, `{ data: { jobId } }`). */
export async function postClaimsSummary({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const data = await requestClaimsExtraction(
    deps,
    requireCaller(caller),
    routeParam(params, 'id'),
    clientInfo(request),
  );
  return accepted({ data });
}

/** PUT /api/dispute/{id}/tribunal/claims-summary/{side} — the side's party confirms (no text) or corrects its summary. */
export async function putClaimsSummarySide({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, answerClaimsSummarySchema.optional());
  const data = await answerClaimsSummary(
    deps,
    requireCaller(caller),
    {
      disputeId: routeParam(params, 'id'),
      side: routeParam(params, 'side'),
      ...(body?.text ? { text: body.text } : {}),
    },
    clientInfo(request),
  );
  return ok({ data });
}

/** POST /api/dispute/{id}/tribunal/claims-summary/comments — a party or a member comments on the summary. */
export async function postClaimsSummaryComment({
  request,
  deps,
  caller,
  params,
}: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, commentClaimsSummarySchema);
  const data = await commentClaimsSummary(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), text: body.text },
    clientInfo(request),
  );
  return ok({ data });
}
