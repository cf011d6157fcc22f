import type { HttpResponseInit } from '@azure/functions';
import { UnauthorizedError } from '../errors.js';
import { clientInfo } from '../http/client-info.js';
import { ok } from '../http/responses.js';
import type { RouteCall } from '../http/route.js';
import { checkAdmin } from '../services/identity/check-admin.js';
import { validateAccess } from '../services/identity/validate-access.js';

/**
 * GET /user/validate-access — a work account's sign-in with its Entra access
 * token as the bearer. Public at the route level: the token is checked here,
 * and the answer carries the session id later requests send as X-Session-Id.
 */
export async function getValidateAccess({ deps, request }: RouteCall): Promise<HttpResponseInit> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  if (!match) throw new UnauthorizedError();
  return ok(await validateAccess(deps, match[1]!, clientInfo(request)));
}

/** GET /api/admin/check-admin — `{ isAdmin }` for any signed-in caller. */
export async function getCheckAdmin({ caller }: RouteCall): Promise<HttpResponseInit> {
  if (!caller) throw new UnauthorizedError();
  return ok(checkAdmin(caller));
}
