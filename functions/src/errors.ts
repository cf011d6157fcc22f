import { refusal, type ErrorCode, type FieldReason, type RefusalReason, type Refused } from '@ratkaisu/core';

/**
 * What an error says: a refusal of the catalogue (core refusals.ts: reason, params and English text), or a
 * plain English sentence where no reason is catalogued yet (docs/architecture.md "Errors").
 */
export type Wording = string | Refused;

/** What a refusal says of each field it names: a catalogued refusal, or a sentence where none is catalogued yet. */
export type FieldWordings = Record<string, Wording>;

/**
 * Typed domain errors (docs/architecture.md rule 7). Services throw these; the HTTP
 * layer maps them to a status and the JSON body `{ code, reason, params, message }`.
 */
export class DomainError extends Error {
  /** The catalogue's reason, when the error is worded from it. */
  readonly reason?: RefusalReason;
  readonly params?: Record<string, string | number>;
  /** Each named field's English text. */
  readonly fields?: Record<string, string>;
  /** Each named field's reason in the catalogue, for the fields worded from it. */
  readonly fieldReasons?: Record<string, FieldReason>;

  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    wording: Wording,
    fields?: FieldWordings,
    /** Extra members of the JSON error body beside code, message and fields (e.g. the cases that block a closure). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(typeof wording === 'string' ? wording : wording.message);
    this.name = 'DomainError';
    if (typeof wording !== 'string') {
      this.reason = wording.reason;
      this.params = wording.params;
    }
    if (fields) {
      const entries = Object.entries(fields);
      this.fields = Object.fromEntries(
        entries.map(([path, said]) => [path, typeof said === 'string' ? said : said.message]),
      );
      const worded = entries.flatMap(([path, said]) =>
        typeof said === 'string' ? [] : [[path, { reason: said.reason, params: said.params }] as const],
      );
      if (worded.length > 0) this.fieldReasons = Object.fromEntries(worded);
    }
  }
}

export class BadRequestError extends DomainError {
  constructor(message: Wording, fields?: FieldWordings) {
    super('bad_request', 400, message, fields);
  }
}

export class ValidationError extends DomainError {
  constructor(message: Wording, fields?: FieldWordings) {
    super('validation_failed', 400, message, fields);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: Wording = refusal('general.signInRequired')) {
    super('unauthorized', 401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: Wording = refusal('general.noAccess')) {
    super('forbidden', 403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: Wording = refusal('general.notFound')) {
    super('not_found', 404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: Wording = refusal('general.changedMeanwhile')) {
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

/** A body over its limit: an upload's (`uploads.tooLarge`) or any other request's (`general.requestTooLarge`). */
export class PayloadTooLargeError extends DomainError {
  constructor(limitBytes: number, of: 'upload' | 'request' = 'upload') {
    super(
      'payload_too_large',
      413,
      of === 'upload'
        ? refusal('uploads.tooLarge', { limitBytes })
        : refusal('general.requestTooLarge', { limitBytes }),
    );
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: Wording) {
    super('unsupported_media_type', 415, message);
  }
}

/** A file was refused because its content (or its name) is not a PDF's. */
export class NotPdfError extends DomainError {
  constructor(message: Wording, fileNames: readonly string[]) {
    super('not_pdf', 400, message, { file: fileNames.join(', ') });
  }
}

/** A file that is a PDF by name and header but cannot be opened: damaged, said as such. */
export class DamagedPdfError extends DomainError {
  constructor(message: Wording, fileNames: readonly string[]) {
    super('damaged_pdf', 400, message, { file: fileNames.join(', ') });
  }
}

export class DuplicateFileNameError extends DomainError {
  constructor(message: Wording) {
    super('duplicate_file_name', 409, message);
  }
}

export const PHASE_LOCKED_MESSAGE = refusal('cases.phaseLocked').message;

/** The phase is not the case's active one (or is Resolution): its files are final. */
export class PhaseLockedError extends DomainError {
  constructor() {
    super('phase_locked', 409, refusal('cases.phaseLocked'));
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    message: Wording,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', 429, message);
  }
}

/** The service cannot take the request now (capacity, not the caller's rate): 503 with Retry-After. */
export class ServiceBusyError extends DomainError {
  constructor(
    message: Wording,
    readonly retryAfterSeconds: number,
  ) {
    super('unavailable', 503, message);
  }
}

/**
 * A save based on a version that is no longer the latest: a 409 whose body also carries the latest version
 * (`current`), so the client can keep the user's text and show the newer one beside it.
 */
export class StaleVersionError extends DomainError {
  constructor(
    message: Wording,
    readonly current: unknown,
  ) {
    super('conflict', 409, message);
  }
}

/** A tenant's deletion refused while it has open cases or cases under a legal hold; `fields.cases` names them. */
export class TenantHasOpenCasesError extends DomainError {
  constructor(message: Wording, cases: readonly string[]) {
    super('tenant_has_open_cases', 409, message, { cases: cases.join(', ') });
  }
}
