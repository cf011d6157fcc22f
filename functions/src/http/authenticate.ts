import type { HttpRequest } from '@azure/functions';
import type { Deps } from '../deps.js';
import { UnauthorizedError } from '../errors.js';
import type { Caller, RouteAccess } from './route.js';

/**
 * Resolves the caller of a request from its bearer token.
 *
 * Sessions (local accounts and Entra ID) are built by the identity issue; until
 * then no token is valid, so every route that is not public answers 401 with
 * the same body it will have then. Public routes get `undefined`.
 */
export async function authenticate(
  _deps: Deps,
  request: HttpRequest,
  access: RouteAccess,
): Promise<Caller | undefined> {
  if (access === 'public') return undefined;
  const header = request.headers.get('authorization') ?? '';
  if (!/^Bearer\s+\S+$/i.test(header)) throw new UnauthorizedError();
  throw new UnauthorizedError('Your session has ended. Please sign in again.');
}
