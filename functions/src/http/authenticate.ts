import type { HttpRequest } from '@azure/functions';
import type { Deps } from '../deps.js';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { resolveEntraCaller } from '../services/identity/resolve-entra-caller.js';
import { resolveLocalSession } from '../services/sessions/resolve-local-session.js';
import type { Caller, RouteAccess } from './route.js';

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * Resolves the caller of a request from its bearer token: an Entra ID access
 * token (a JWT) for work accounts, or a local session token. Either way the
 * caller is bound to a live session record, so an ended session stops working
 * at once. Public routes get `undefined` without looking at the header.
 */
export async function authenticate(deps: Deps, request: HttpRequest, access: RouteAccess): Promise<Caller | undefined> {
  if (access === 'public') return undefined;
  const caller = await authenticateCaller(deps, request);
  assertRouteAccess(caller, access);
  return caller;
}

/** The caller the bearer token names; 401 without a good one. */
export async function authenticateCaller(deps: Deps, request: HttpRequest): Promise<Caller> {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new UnauthorizedError();
  const token = match[1]!;
  return JWT_SHAPE.test(token)
    ? await resolveEntraCaller(deps, token, request)
    : await resolveLocalSession(deps, token, request);
}

/** 403 when the caller's roles do not reach the route's access level. */
export function assertRouteAccess(caller: Caller, access: RouteAccess): void {
  if (access === 'admin' && !caller.roles.some((role) => role === 'Admin' || role === 'SuperAdmin')) {
    throw new ForbiddenError();
  }
  if (access === 'superadmin' && !caller.roles.includes('SuperAdmin')) throw new ForbiddenError();
}
