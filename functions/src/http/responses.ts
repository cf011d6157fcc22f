import type { HttpResponseInit } from '@azure/functions';
import type { Readable } from 'node:stream';
import {
  fieldRefusals,
  refusal,
  type ApiErrorBody,
  type ErrorCode,
  type FieldReason,
  type Refused,
} from '@ratkaisu/core';
import { ZodError } from 'zod';
import { DomainError, ServiceBusyError, StaleVersionError, TooManyRequestsError } from '../errors.js';
import { StoreConflictError, StoreNotFoundError } from '../ports/store.js';
import { DependencyUnavailableError } from '../ports/unavailable.js';
import { contentDisposition } from './content-disposition.js';

/** Headers every API response carries: API answers are private and never cached. */
const API_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponseInit {
  return { status, jsonBody: body, headers: { ...API_HEADERS, ...headers } };
}

export const ok = (body: unknown): HttpResponseInit => json(200, body);
export const created = (body: unknown): HttpResponseInit => json(201, body);
export const accepted = (body: unknown): HttpResponseInit => json(202, body);
export const noContent = (): HttpResponseInit => ({ status: 204, headers: { ...API_HEADERS } });

export function errorResponse(
  status: number,
  code: ErrorCode,
  wording: string | Refused,
  extra: {
    fields?: Record<string, string>;
    fieldReasons?: Record<string, FieldReason>;
    headers?: Record<string, string>;
    current?: unknown;
    members?: Record<string, unknown>;
  } = {},
): HttpResponseInit {
  const body: ApiErrorBody & { current?: unknown } = {
    ...extra.members,
    code,
    ...(typeof wording === 'string' ? {} : { reason: wording.reason, params: wording.params }),
    message: typeof wording === 'string' ? wording : wording.message,
    ...(extra.fields ? { fields: extra.fields } : {}),
    ...(extra.fieldReasons ? { fieldReasons: extra.fieldReasons } : {}),
    ...(extra.current !== undefined ? { current: extra.current } : {}),
  };
  return json(status, body, extra.headers);
}

export const badRequest = (message: string | Refused, fields?: Record<string, string>): HttpResponseInit =>
  errorResponse(400, 'bad_request', message, { fields });
export const notFound = (message: string | Refused = refusal('general.notFound')): HttpResponseInit =>
  errorResponse(404, 'not_found', message);
export const conflict = (message: string | Refused): HttpResponseInit => errorResponse(409, 'conflict', message);

const DEPENDENCY_RETRY_AFTER_SECONDS = 5;
/** What a DomainError says, as errorResponse takes it: its catalogued refusal, else its sentence. */
function wordingOf(error: DomainError): string | Refused {
  return error.reason ? { reason: error.reason, params: error.params ?? {}, message: error.message } : error.message;
}

/**
 * Maps anything a handler threw to a response. Known errors keep their status
 * and message; a dependency that is out for now (ports/unavailable.ts) a 503
 * with Retry-After; anything else becomes a 500 whose body says nothing about
 * the internals (the caller logs the error itself).
 */
export function toResponse(error: unknown): { response: HttpResponseInit; unexpected: boolean } {
  if (error instanceof TooManyRequestsError || error instanceof ServiceBusyError) {
    return {
      response: errorResponse(error.status, error.code, wordingOf(error), {
        headers: { 'Retry-After': String(error.retryAfterSeconds) },
      }),
      unexpected: false,
    };
  }
  if (error instanceof StaleVersionError) {
    return {
      response: errorResponse(409, error.code, wordingOf(error), { current: error.current }),
      unexpected: false,
    };
  }
  if (error instanceof DomainError) {
    return {
      response: errorResponse(error.status, error.code, wordingOf(error), {
        fields: error.fields,
        fieldReasons: error.fieldReasons,
        members: error.extra,
      }),
      unexpected: false,
    };
  }
  if (error instanceof ZodError) {
    // Each field's problem as a catalogued reason; the first one is the refusal's own (docs/architecture.md "Errors").
    const refused = fieldRefusals(error.issues);
    const fields = Object.fromEntries(Object.entries(refused).map(([path, said]) => [path, said.message]));
    const fieldReasons = Object.fromEntries(
      Object.entries(refused).map(([path, said]) => [path, { reason: said.reason, params: said.params }]),
    );
    const first = Object.values(refused)[0] ?? refusal('general.invalidRequest');
    return {
      response: errorResponse(400, 'validation_failed', first, { fields, fieldReasons }),
      unexpected: false,
    };
  }
  if (error instanceof StoreConflictError) {
    return {
      response: errorResponse(409, 'conflict', refusal('general.changedMeanwhile')),
      unexpected: false,
    };
  }
  if (error instanceof StoreNotFoundError) {
    return { response: errorResponse(404, 'not_found', refusal('general.notFound')), unexpected: false };
  }
  if (error instanceof DependencyUnavailableError) {
    // Logged by the caller all the same (unexpected): an outage is for the operators to see.
    return {
      response: errorResponse(503, 'unavailable', refusal('general.unavailable'), {
        headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
      }),
      unexpected: true,
    };
  }
  return {
    response: errorResponse(500, 'internal', refusal('general.internal')),
    unexpected: true,
  };
}

/**
 * A file streamed to the browser as a download (never shown inline, so a
 * crafted PDF cannot run in our origin), with its length so the browser can
 * show progress. The name goes through contentDisposition.
 */
export function fileDownload(file: {
  stream: Readable;
  size: number;
  fileName: string;
  contentType: string;
}): HttpResponseInit {
  return {
    status: 200,
    body: file.stream,
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  };
}
