import type { HttpRequest, HttpResponseInit, InvocationContext } from '@azure/functions';
import { refusal } from '@ratkaisu/core';
import type { Deps } from '../deps.js';
import type { Logger } from '../log.js';
import { ForbiddenError, NotFoundError, PayloadTooLargeError, UnauthorizedError } from '../errors.js';
import type { Caller } from '../context/caller.js';
import { auditAccessDenied } from '../services/audit/audit-access-denied.js';
import { readNoticesOnCaseAction } from '../services/notices/read-on-case-action.js';
import { noticeBurstSignal } from '../services/incidents/notice-security-signal.js';
import { assertRouteAccess, authenticateCaller } from './authenticate.js';
import { clientInfo } from './client-info.js';
import { measure } from '../observability/meters.js';
import { ATTR, idAttributes, inSpan, SpanKind, tracingRecording } from '../observability/tracing.js';
import { errorResponse, toResponse } from './responses.js';
import type { DisputeDocument } from '../services/disputes/dispute-document.js';
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
  const handle = handleRoute(route, getDeps);
  const spanName = `${route.method} ${route.path}`;
  return async (request, context) => {
    const started = performance.now();
    // A span only when a provider records (observability/): the hot routes pay nothing for tracing otherwise.
    const response = tracingRecording()
      ? await inSpan(
          spanName,
          {
            kind: SpanKind.SERVER,
            attributes: { [ATTR.route]: route.path, 'http.request.method': route.method, ...routeIds(route, request) },
          },
          async (span) => {
            const answered = await handle(request, context);
            // The case's number too, which a party tells an operator: one read, only while spans are recorded.
            const caseId = routeCaseId(route, request);
            if (caseId) span.setAttributes(idAttributes({ caseNumber: await caseNumberOf(getDeps, caseId) }));
            span.setAttribute(ATTR.status, answered.status ?? 200);
            if ((answered.status ?? 200) >= 500) span.setStatus({ code: 2 });
            return answered;
          },
        )
      : await handle(request, context);
    measure.request(route.path, response.status ?? 200, performance.now() - started);
    return response;
  };
}

/** The case a route's path names, if any. */
function routeCaseId(route: RouteDefinition, request: Parameters<HttpHandler>[0]): string | undefined {
  return request.params.disputeId ?? (route.path.startsWith('/api/dispute/{id}') ? request.params.id : undefined);
}

/** The case's number, or undefined when there is no such case (or the store cannot say just now). */
async function caseNumberOf(getDeps: () => Deps | Promise<Deps>, caseId: string): Promise<string | undefined> {
  try {
    const deps = await getDeps();
    const dispute = await deps.store.collection<DisputeDocument>('disputes').read(caseId, caseId);
    return dispute?.caseNumber;
  } catch {
    return undefined;
  }
}

/** The case, job and attachment a route's path names, for its span (ids only). */
function routeIds(route: RouteDefinition, request: Parameters<HttpHandler>[0]) {
  const params = request.params;
  return idAttributes({
    caseId: routeCaseId(route, request),
    jobId: params.jobId,
    attachmentId: params.fileId,
  });
}

function succeeded(response: HttpResponseInit): boolean {
  const status = response.status ?? 200;
  return status >= 200 && status < 300;
}

/**
 * The case a state-changing route acts on, from its path: `/{disputeId}/…` (the uploads),
 * `/api/dispute/{id}/…` and the administrators' `/api/admin/tribunal/{id}/…`. Reads (GET, HEAD) act on nothing,
 * so they pay nothing here; neither do paths whose `{id}` is not a case (`/api/dispute/job/{id}`, attachments).
 */
export function actedOnCaseId(route: RouteDefinition, params: Record<string, string>): string | undefined {
  if (route.method === 'GET' || route.method === 'HEAD') return undefined;
  if (route.path.startsWith('/{disputeId}/')) return params.disputeId;
  if (route.path.startsWith('/api/dispute/{id}/') || route.path.startsWith('/api/admin/tribunal/{id}/')) {
    return params.id;
  }
  return undefined;
}

function handleRoute(route: RouteDefinition, getDeps: () => Deps | Promise<Deps>): HttpHandler {
  return async (request, context) => {
    let deps: Deps;
    try {
      // The local host has its dependencies already; the Functions host builds them on first use.
      const pending = getDeps();
      deps = pending instanceof Promise ? await pending : pending;
    } catch (error) {
      context.error?.('Dependencies failed to start', error);
      return errorResponse(503, 'unavailable', refusal('general.starting'));
    }
    // Built on first use: most requests never log.
    let log: Logger | undefined;
    const routeLog = () => (log ??= deps.log.child({ invocationId: context.invocationId, route: route.name }));
    let caller: Caller | undefined;
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const declaredLength = Number(request.headers.get('content-length') ?? '0');
        const limit = bodyLimit(deps, route.body);
        if (declaredLength > limit)
          throw new PayloadTooLargeError(limit, route.body === 'multipart' ? 'upload' : 'request');
      }
      caller = route.access === 'public' ? undefined : await authenticateCaller(deps, request);
      if (caller) assertRouteAccess(caller, route.access);
      // After authentication (an anonymous caller gets 401 whatever the id), before the handler.
      if (!pathParamsValid(route, request.params)) throw new NotFoundError(MALFORMED_PATH_ID_MESSAGE);
      const response = await route.handler({
        request,
        context,
        deps,
        caller,
        params: request.params,
        get log() {
          return routeLog();
        },
      });
      const actedOn = caller && succeeded(response) ? actedOnCaseId(route, request.params) : undefined;
      if (caller && actedOn) {
        await readNoticesOnCaseAction({ ...deps, log: routeLog() }, caller.userId, actedOn);
      }
      return response;
    } catch (error) {
      const { response, unexpected } = toResponse(error);
      if (unexpected) routeLog().error('Unhandled error in route', { error });
      await auditIfDenied(deps, route, request, caller, error);
      return response;
    }
  };
}

/**
 * Audits a refusal (services/audit/audit-access-denied.ts): a 403; a 404 for
 * an object named in the path, answered to a signed-in caller; a 401 for a
 * token that was sent but is not good. A public route that reads its caller
 * itself (the job routes) has it resolved here again, only for the entry.
 */
async function auditIfDenied(
  deps: Deps,
  route: RouteDefinition,
  request: Parameters<HttpHandler>[0],
  caller: Caller | undefined,
  error: unknown,
): Promise<void> {
  const hasToken = /^Bearer\s+\S+$/i.test(request.headers.get('authorization') ?? '');
  let status: 401 | 403 | 404;
  if (error instanceof ForbiddenError) status = 403;
  else if (error instanceof NotFoundError && route.path.includes('{')) status = 404;
  else if (error instanceof UnauthorizedError && hasToken && (caller || route.access !== 'public')) status = 401;
  else return;
  // Refusals of the sign-in routes themselves (an unconfirmed email) are their own audit actions.
  if (status !== 401 && !caller && !hasToken) return;
  const who =
    caller ?? (status !== 401 && hasToken ? await authenticateCaller(deps, request).catch(() => undefined) : undefined);
  if (status === 404 && !who) return;
  measure.refusedAccess(status);
  await auditAccessDenied(deps, {
    routeName: route.name,
    route: `${route.method} ${route.path}`,
    path: new URL(request.url).pathname,
    status,
    message: (error as Error).message,
    caller: who,
    ipAddress: clientInfo(request).ipAddress,
  });
  // A burst of refusals is a security signal (docs/operations.md "Incidents").
  await noticeBurstSignal(deps, 'access-refused');
}
