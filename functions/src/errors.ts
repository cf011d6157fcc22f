import type { ErrorCode } from '@ratkaisu/core';

/**
 * Typed domain errors (docs/architecture.md rule 7). Services throw these; the HTTP
 * layer maps them to a status and the JSON body `{ code, message }`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra members of the JSON error body beside code, message and fields (e.g. the cases that block a closure). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, fields?: Record<string, string>) {
    super('bad_request', 400, message, fields);
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, fields?: Record<string, string>) {
    super('validation_failed', 400, message, fields);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Sign-in is required.') {
    super('unauthorized', 401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have access to this.') {
    super('forbidden', 403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found.') {
    super('not_found', 404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message = 'Someone else changed this at the same time. Reload and try again.') {
    super('conflict', 409, message);
  }
}

/**
 * A write to a write-once record refused: an overwrite, or a delete before its retention ends
 * (ports/blobs.ts WRITE_ONCE_CONTAINERS; docs/operations.md "Write-once records").
 */
export class WriteOnceError extends DomainError {
  constructor(
    readonly container: string,
    readonly blobName: string,
    readonly refused: 'overwrite' | 'delete',
    readonly retainUntil?: string,
  ) {
    super(
      'write_once',
      409,
      refused === 'overwrite'
        ? `The record ${blobName} is write-once: it exists and cannot be overwritten.`
        : `The record ${blobName} is write-once: it cannot be deleted before ${retainUntil ?? 'its retention ends'}.`,
      { container, blobName, ...(retainUntil ? { retainUntil } : {}) },
    );
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(limitBytes: number) {
    super('payload_too_large', 413, `The request body is larger than the limit of ${formatBytes(limitBytes)}.`);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super('unsupported_media_type', 415, message);
  }
}

/** A file was refused because its content (or its name) is not a PDF's. */
export class NotPdfError extends DomainError {
  constructor(message: string, fileNames: readonly string[]) {
    super('not_pdf', 400, message, { file: fileNames.join(', ') });
  }
}

/** A file that is a PDF by name and header but cannot be opened: damaged, said as such. */
export class DamagedPdfError extends DomainError {
  constructor(message: string, fileNames: readonly string[]) {
    super('damaged_pdf', 400, message, { file: fileNames.join(', ') });
  }
}

export class DuplicateFileNameError extends DomainError {
  constructor(message: string) {
    super('duplicate_file_name', 409, message);
  }
}

export const PHASE_LOCKED_MESSAGE = 'This phase is closed: its files can no longer be changed.';

/** The phase is not the case's active one (or is Resolution): its files are final. */
export class PhaseLockedError extends DomainError {
  constructor() {
    super('phase_locked', 409, PHASE_LOCKED_MESSAGE);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', 429, message);
  }
}

/** The service cannot take the request now (capacity, not the caller's rate): 503 with Retry-After. */
export class ServiceBusyError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('unavailable', 503, message);
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * A save based on a version that is no longer the latest: a 409 whose body also carries the latest version
 * (`current`), so the client can keep the user's text and show the newer one beside it.
 */
export class StaleVersionError extends DomainError {
  constructor(
    message: string,
    readonly current: unknown,
  ) {
    super('conflict', 409, message);
  }
}

/** A tenant's deletion refused while it has open cases or cases under a legal hold; `fields.cases` names them. */
export class TenantHasOpenCasesError extends DomainError {
  constructor(message: string, cases: readonly string[]) {
    super('tenant_has_open_cases', 409, message, { cases: cases.join(', ') });
  }
}
