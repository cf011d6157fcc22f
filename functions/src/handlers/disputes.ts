import type { HttpResponseInit } from '@azure/functions';
import { amountInDisputeSchema, disputePageQuerySchema, newDisputeSchema } from '@ratkaisu/core';
import { z } from 'zod';
import { clientInfo } from '../http/client-info.js';
import { readJson } from '../http/read-body.js';
import { created, ok } from '../http/responses.js';
import { requireCaller, routeParam, type RouteCall } from '../http/route.js';
import { saveFullNameIfChanged } from '../services/accounts/update-full-name.js';
import { advancePhase } from '../services/disputes/advance-phase.js';
import { createDispute } from '../services/disputes/create-dispute.js';
import { getDisputeContacts } from '../services/disputes/get-dispute-contacts.js';
import { caseChangeToken } from '../services/disputes/case-change-token.js';
import { dashboardChangeToken } from '../services/disputes/dashboard-change-token.js';
import { getDispute as readDispute } from '../services/disputes/get-dispute.js';
import { listActivePhases } from '../services/disputes/list-active-phases.js';
import { listDisputePage } from '../services/disputes/list-dispute-page.js';
import { listDisputes } from '../services/disputes/list-disputes.js';
import { listPhases } from '../services/disputes/list-phases.js';
import { setAmountInDispute } from '../services/disputes/set-amount-in-dispute.js';

/** POST /api/dispute — opens a case (201), or answers the same case again for a retried request (200). */
export async function postDispute({ request, deps, caller }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const input = await readJson(request, newDisputeSchema);
  // The full name the form asked for (an account without one): on the profile before the case is filed.
  if (input.filerFullName) await saveFullNameIfChanged(deps, signedIn, input.filerFullName, clientInfo(request));
  const result = await createDispute(deps, signedIn, input, clientInfo(request));
  return result.created ? created(result.dispute) : ok(result.dispute);
}

/**
 * GET /api/dispute — the caller's cases, newest first: docs/product.md's whole array, or with `limit`, `section` or
 * `continuation` one page `{ items, continuation, total }` (the dashboard's way).
 */
export async function getDisputes({ request, deps, caller }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const query = Object.fromEntries(request.query);
  if (!PAGE_PARAMETERS.some((name) => name in query)) return ok(await listDisputes(deps, signedIn));
  return ok(await listDisputePage(deps, signedIn, disputePageQuerySchema.parse(query)));
}

const PAGE_PARAMETERS = ['limit', 'section', 'continuation'];

/** GET /api/dispute/{id} — one case with the caller's side. */
export async function getDispute({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await readDispute(deps, requireCaller(caller), routeParam(params, 'id')));
}

/** GET /api/dispute/{id}/change-token — changes whenever what the case page shows changes. */
export async function getCaseChangeToken({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await caseChangeToken(deps, requireCaller(caller), routeParam(params, 'id')));
}

/** GET /api/dispute/change-token — changes whenever a case on the caller's dashboard changes. */
export async function getDashboardChangeToken({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await dashboardChangeToken(deps, requireCaller(caller)));
}

/** GET /api/dispute/{id}/phases — the case's phases with their attachments. */
export async function getDisputePhases({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listPhases(deps, requireCaller(caller), routeParam(params, 'id')));
}

/** GET /api/dispute/activephases — the due date of each case's active phase. */
export async function getActivePhases({ deps, caller }: RouteCall): Promise<HttpResponseInit> {
  return ok(await listActivePhases(deps, requireCaller(caller)));
}

/** GET /contact/{id} — both parties' contacts, to participants only. */
export async function getContact({ deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await getDisputeContacts(deps, requireCaller(caller), routeParam(params, 'id')));
}

/** POST /api/dispute/{id}/phase/{phaseType} — Save and Send (next phase) or End Process (Resolution). */
export async function postAdvancePhase({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const phases = await advancePhase(
    deps,
    signedIn,
    { disputeId: routeParam(params, 'id'), target: routeParam(params, 'phaseType') },
    clientInfo(request),
  );
  return ok(phases);
}

const amountBodySchema = z.object(
  { amountInDispute: amountInDisputeSchema },
  { error: 'The body must be a JSON object.' },
);

/** PUT /api/dispute/{id}/amount-in-dispute — the claimant sets the amount in dispute until the claim is sent. */
export async function putAmountInDispute({ request, deps, caller, params }: RouteCall): Promise<HttpResponseInit> {
  const signedIn = requireCaller(caller);
  const body = await readJson(request, amountBodySchema);
  const dispute = await setAmountInDispute(
    deps,
    signedIn,
    { disputeId: routeParam(params, 'id'), amountInDisputeCents: body.amountInDispute },
    clientInfo(request),
  );
  return ok(dispute);
}
