import type { HttpResponseInit } from '@azure/functions';
import { ok } from '../http/responses.js';
import { routeParam, type RouteCall } from '../http/route.js';
import { readInvitation } from '../services/invitations/read-invitation.js';

/**
 * GET /api/invitation/{token} — public: the case, the inviting party and the
 * invited address of an invitation link. Answers only to the token itself
 * (API answers are never cached: responses.ts).
 */
export async function getInvitation({ deps, params }: RouteCall): Promise<HttpResponseInit> {
  return ok(await readInvitation(deps, routeParam(params, 'token')));
}
