import type { HttpMethod, HttpRequest, HttpResponseInit, InvocationContext } from '@azure/functions';
import { refusal } from '@ratkaisu/core';
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
  /** The path exactly as docs/product.md section 7 writes it, with `{param}` segments. */
  path: string;
  access: RouteAccess;
  body: RouteBody;
  handler: (call: RouteCall) => Promise<HttpResponseInit>;
  /**
   * What every `{param}` of the path must look like, else 404 before the
   * handler runs (so no route reaches the store with a malformed id).
   * Default PATH_ID_PATTERN, which every id the services issue fits.
   */
  paramPattern?: RegExp;
}

/**
 * The ids the services issue: UUIDs, "default" (the default tenant),
 * "entra-<hex>" (work-account users), phase type names. Letters, digits,
 * `.`, `_` and `-`, starting with a letter or digit, at most 128 characters.
 */
export const PATH_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A path id of the wrong shape is answered as an address with nothing at it. */
export const MALFORMED_PATH_ID_MESSAGE = refusal('requests.noRoute');

/** True when every path parameter of the route has the route's id shape. */
export function pathParamsValid(definition: RouteDefinition, params: Record<string, string>): boolean {
  const pattern = definition.paramPattern ?? PATH_ID_PATTERN;
  for (const [, name] of definition.path.matchAll(/\{([^}]+)\}/g)) {
    if (!pattern.test(params[name!] ?? '')) return false;
  }
  return true;
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
