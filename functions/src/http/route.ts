import type { HttpMethod, HttpRequest, HttpResponseInit, InvocationContext } from '@azure/functions';
import type { Deps } from '../deps.js';
import { UnauthorizedError } from '../errors.js';
import type { Logger } from '../log.js';
import type { Caller } from '../context/caller.js';

export type { Caller } from '../context/caller.js';

/**
 * Who may call a route:
 * - public: anyone;
 * - user: a signed-in user;
 * - admin: a signed-in administrator (Admin or SuperAdmin);
 * - superadmin: a signed-in SuperAdmin.
 */
export type RouteAccess = 'public' | 'user' | 'admin' | 'superadmin';

/** What the body may be; decides the size limit the host enforces before the handler runs. */
export type RouteBody = 'none' | 'json' | 'multipart';

export interface RouteCall<C extends Caller | undefined = Caller | undefined> {
  request: HttpRequest;
  context: InvocationContext;
  deps: Deps;
  caller: C;
  params: Record<string, string>;
  log: Logger;
}

export interface RouteDefinition {
  /** Function name under the Functions host: unique, letters and digits. */
  name: string;
  method: HttpMethod;
  /** The path exactly as SPEC.md section 7 writes it, with `{param}` segments. */
  path: string;
  access: RouteAccess;
  body: RouteBody;
  handler: (call: RouteCall) => Promise<HttpResponseInit>;
}

/** A route whose handler may rely on a signed-in caller. */
export function route(definition: RouteDefinition): RouteDefinition {
  return definition;
}

/** A route-table parameter: always present for the route that names it; this only narrows the type. */
export function routeParam(params: Record<string, string>, name: string): string {
  return params[name] ?? '';
}

/** For `access: 'user'` routes the host has resolved a caller; this only narrows the type. */
export function requireCaller(caller: Caller | undefined): Caller {
  if (!caller) throw new UnauthorizedError();
  return caller;
}
