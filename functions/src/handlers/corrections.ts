import type { HttpResponseInit } from '@azure/functions';
import {
  acknowledgeReceiptSchema,
  commentCorrectionSchema,
  decideCorrectionSchema,
  ownInitiativeCorrectionSchema,
  requestCorrectionSchema,
  setCommentPeriodSchema,
} from '@ratkaisu/core';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { created, fileDownload, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { acknowledgeReceipt } from '../services/corrections/acknowledge-receipt.js';
import { commentCorrection } from '../services/corrections/comment-correction.js';
import { correctOnOwnInitiative } from '../services/corrections/correct-on-own-initiative.js';
import { decideCorrection } from '../services/corrections/decide-correction.js';
import { getAwardAftercare } from '../services/corrections/get-award-aftercare.js';
import { openCorrectionPdf } from '../services/corrections/open-correction-pdf.js';
import { requestCorrection } from '../services/corrections/request-correction.js';
import { setCommentPeriod } from '../services/corrections/set-comment-period.js';

/** The award after its issue: delivery and receipt (§ 37), and the requests of §§ 38–39. */

function award(params: Record<string, string>) {
  return { disputeId: routeParam(params, 'id'), awardId: routeParam(params, 'awardId') };
}

function correction(params: Record<string, string>) {
  return { ...award(params), requestId: routeParam(params, 'requestId') };
}

/** GET /api/dispute/{id}/award/{awardId}/delivery — deliveries, receipts, deadlines, requests and their documents. */
export async function getAwardDelivery({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok({ data: await getAwardAftercare(deps, requireCaller(caller), award(params)) });
}

/** POST /api/dispute/{id}/award/{awardId}/receipt — a party acknowledges receipt. */
export async function postAwardReceipt({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, acknowledgeReceiptSchema);
  const data = await acknowledgeReceipt(
    deps,
    requireCaller(caller),
    { ...award(params), ...(body.documentId ? { documentId: body.documentId } : {}) },
    clientInfo(request),
  );
  return ok({ data });
}

/** POST /api/dispute/{id}/award/{awardId}/corrections — a party's request (§§ 38–39). */
export async function postCorrectionRequest({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, requestCorrectionSchema);
  const data = await requestCorrection(
    deps,
    requireCaller(caller),
    { ...award(params), request: body },
    clientInfo(request),
  );
  return created({ data });
}

/** POST /api/dispute/{id}/award/{awardId}/corrections/own-initiative — the tribunal corrects on its own (§ 38). */
export async function postOwnInitiativeCorrection({
  request,
  deps,
  caller,
  params,
}: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, ownInitiativeCorrectionSchema);
  const data = await correctOnOwnInitiative(
    deps,
    requireCaller(caller),
    { ...award(params), text: body.text },
    clientInfo(request),
  );
  return created({ data });
}

/** POST /api/dispute/{id}/award/{awardId}/corrections/{requestId}/comments — the other party's comment. */
export async function postCorrectionComment({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, commentCorrectionSchema);
  const data = await commentCorrection(
    deps,
    requireCaller(caller),
    { ...correction(params), text: body.text },
    clientInfo(request),
  );
  return ok({ data });
}

/** PUT /api/dispute/{id}/award/{awardId}/corrections/{requestId}/comment-period — the tribunal sets the period. */
export async function putCommentPeriod({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const body = await readJson(request, setCommentPeriodSchema);
  const data = await setCommentPeriod(
    deps,
    requireCaller(caller),
    { ...correction(params), days: body.days },
    clientInfo(request),
  );
  return ok({ data });
}

/** POST /api/dispute/{id}/award/{awardId}/corrections/{requestId}/decision — grant with text or reject with reasons. */
export async function postCorrectionDecision({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const decision = await readJson(request, decideCorrectionSchema);
  const data = await decideCorrection(
    deps,
    requireCaller(caller),
    { ...correction(params), decision },
    clientInfo(request),
  );
  return ok({ data });
}

/** GET /api/dispute/{id}/award/{awardId}/corrections/{documentId}/pdf — a correction document's PDF. */
export async function getCorrectionPdf({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return fileDownload(
    await openCorrectionPdf(deps, requireCaller(caller), {
      ...award(params),
      documentId: routeParam(params, 'documentId'),
    }),
  );
}
