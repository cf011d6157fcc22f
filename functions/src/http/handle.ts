import type { HttpRequest, HttpResponseInit, InvocationContext } from '@azure/functions';
import type { Deps } from '../deps.js';
import type { Logger } from '../log.js';
import { NotFoundError, PayloadTooLargeError } from '../errors.js';
import { authenticate } from './authenticate.js';
import { errorResponse, toResponse } from './responses.js';
import { MALFORMED_PATH_ID_MESSAGE, pathParamsValid, type RouteBody, type RouteDefinition } from './route.js';

export type HttpHandler = (request: HttpRequest, context: InvocationContext) => Promise<HttpResponseInit>;

/** The largest body a route accepts, by what its body is. */
export function bodyLimit(deps: Pick<Deps, 'config'>, body: RouteBody): number {
  switch (body) {
    case 'none':
      return 64 * 1024;
    case 'json':
      return deps.config.limits.maxJsonBodyBytes;
    case 'multipart':
      return deps.config.limits.maxUploadBytes;
  }
}

/**
 * Wraps a route for either host (the Functions host through index.ts, the
 * local host through its router): resolves the dependencies, refuses an
 * oversized body before reading it, authenticates, runs the handler and maps
 * whatever it throws to the JSON error body. Never returns a stack trace.
 */
export function createHttpHandler(route: RouteDefinition, getDeps: () => Deps | Promise<Deps>): HttpHandler {
  return async (request, context) => {
    let deps: Deps;
    try {
      // The local host has its dependencies already; the Functions host builds them on first use.
      const pending = getDeps();
      deps = pending instanceof Promise ? await pending : pending;
    } catch (error) {
      context.error?.('Dependencies failed to start', error);
      return errorResponse(503, 'unavailable', 'The service is starting or unavailable. Please try again shortly.');
    }
    // Built on first use: most requests never log.
    let log: Logger | undefined;
    const routeLog = () => (log ??= deps.log.child({ invocationId: context.invocationId, route: route.name }));
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const declaredLength = Number(request.headers.get('content-length') ?? '0');
        const limit = bodyLimit(deps, route.body);
        if (declaredLength > limit) throw new PayloadTooLargeError(limit);
      }
      const caller = route.access === 'public' ? undefined : await authenticate(deps, request, route.access);
      // After authentication (an anonymous caller gets 401 whatever the id), before the handler.
      if (!pathParamsValid(route, request.params)) throw new NotFoundError(MALFORMED_PATH_ID_MESSAGE);
      return await route.handler({
        request,
        context,
        deps,
        caller,
        params: request.params,
        get log() {
          return routeLog();
        },
      });
    } catch (error) {
      const { response, unexpected } = toResponse(error);
      if (unexpected) routeLog().error('Unhandled error in route', { error });
      return response;
    }
  };
}
