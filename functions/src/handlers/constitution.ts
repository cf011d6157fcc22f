import type { HttpResponseInit } from '@azure/functions';
import {
  acceptAgreementSchema,
  answerNewMatterSchema,
  answerTribunalSizeSchema,
  challengeArbitratorSchema,
  decideChallengeSchema,
  recordHearingSchema,
  recordJurisdictionSchema,
} from '@ratkaisu/core';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { acceptAgreement } from '../services/constitution/accept-agreement.js';
import { answerTribunalSize } from '../services/constitution/answer-tribunal-size.js';
import { challengeArbitrator } from '../services/constitution/challenge-arbitrator.js';
import { decideChallenge } from '../services/constitution/decide-challenge.js';
import { getJurisdiction, recordHearing, recordJurisdiction } from '../services/constitution/jurisdiction.js';
import { listOpenChallenges } from '../services/constitution/list-open-challenges.js';
import { answerNewMatter } from '../services/constitution/new-matters.js';
import { waiveChallenge } from '../services/constitution/waive-challenge.js';
import { resizeTribunalAdvanceNow } from '../services/tribunal-fees/resize-tribunal-advance.js';

/** POST /api/dispute/{id}/agreement — the caller's side accepts the arbitration agreement. */
export async function postAcceptAgreement({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, acceptAgreementSchema);
  const data = await acceptAgreement(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), version: body.version },
    clientInfo(request),
  );
  return ok({ data });
}

/** POST /api/dispute/{id}/tribunal/size — the other party agrees to three arbitrators or refuses. */
export async function postTribunalSize({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, answerTribunalSizeSchema);
  const data = await answerTribunalSize(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), agree: body.agree },
    clientInfo(request),
  );
  // Refused: a sole arbitrator, so an advance priced for three is brought to one's now (the resize sweep,
  // timers.ts, finishes it should this request stop halfway).
  if (!body.agree) await resizeTribunalAdvanceNow(deps, routeParam(params, 'id'));
  return ok({ data });
}

/** POST /api/dispute/{id}/tribunal/challenges — a party challenges an arbitrator with grounds. */
export async function postChallenge({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, challengeArbitratorSchema);
  const data = await challengeArbitrator(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), ...body },
    clientInfo(request),
  );
  return ok({ data });
}

/** POST /api/dispute/{id}/tribunal/waive-challenge — a party waives challenging the arbitrators seated so far. */
export async function postWaiveChallenge({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const data = await waiveChallenge(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id') },
    clientInfo(request),
  );
  return ok({ data });
}

/** GET /api/admin/tribunal/challenges — the open challenges of the administrator's scope. */
export async function getOpenChallenges({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok({ data: await listOpenChallenges(deps, requireCaller(caller)) });
}

/** POST /api/admin/tribunal/{id}/challenges/{challengeId} — the appointing authority decides with reasons. */
export async function postDecideChallenge({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, decideChallengeSchema);
  const data = await decideChallenge(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), challengeId: routeParam(params, 'challengeId'), ...body },
    clientInfo(request),
  );
  return ok({ data });
}

/** GET /api/dispute/{id}/tribunal/jurisdiction — other clauses in the documents and the tribunal's decision. */
export async function getJurisdictionRoute({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok({ data: await getJurisdiction(deps, requireCaller(caller), routeParam(params, 'id')) });
}

/** POST /api/dispute/{id}/tribunal/jurisdiction — the tribunal records its decision on jurisdiction. */
export async function postJurisdiction({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, recordJurisdictionSchema);
  const data = await recordJurisdiction(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), text: body.text },
    clientInfo(request),
  );
  return ok({ data });
}

/** POST /api/dispute/{id}/tribunal/matters/{matterId}/answer — the other party answers a new matter. */
export async function postAnswerMatter({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, answerNewMatterSchema);
  const data = await answerNewMatter(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), matterId: routeParam(params, 'matterId'), text: body.text },
    clientInfo(request),
  );
  return ok({ data });
}

/** POST /api/dispute/{id}/tribunal/hearing — the tribunal records an oral hearing it held. */
export async function postHearing({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, recordHearingSchema);
  await recordHearing(
    deps,
    requireCaller(caller),
    { disputeId: routeParam(params, 'id'), ...body },
    clientInfo(request),
  );
  return ok({ data: { recorded: true } });
}
