/**
 * The checks and encodings both store adapters apply to what callers hand
 * them. Keeping them in one place is what makes the two adapters reject the
 * same inputs, so a call that works locally (SQLite) cannot fail in
 * production (Cosmos) for a reason the local run never showed.
 */
import {
  COLLECTIONS,
  StoreConflictError,
  StoreNotFoundError,
  type BaseDoc,
  type CollectionName,
  type Filter,
  type Query,
} from '../../ports/store.js';

/** A dotted path of identifier segments, e.g. `claimant.email`. */
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Characters Cosmos DB refuses in an id; rejected by both adapters for parity. */
const FORBIDDEN_ID_CHARS = /[/\\?#]/;

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/**
 * Properties that belong to the store, not to the document. They are removed
 * from every document before it is written, so a caller may pass a document
 * it read (with `_etag`) straight back to `replace`.
 */
const SYSTEM_PROPERTIES = ['_etag', '_rid', '_self', '_ts', '_attachments', '_lsn', '_expiresAt'] as const;

export function assertCollectionName(name: string): asserts name is CollectionName {
  if (!(COLLECTIONS as readonly string[]).includes(name)) {
    throw new TypeError(`Unknown collection "${name}".`);
  }
}

/** Splits a validated field path into its segments. */
export function fieldSegments(field: string): string[] {
  if (!FIELD_PATH.test(field)) {
    throw new TypeError(`Invalid field path "${field}".`);
  }
  return field.split('.');
}

export function assertKey(pk: unknown, id: unknown): void {
  if (typeof pk !== 'string') {
    throw new TypeError('A document needs a string pk.');
  }
  if (typeof id !== 'string' || id.length === 0 || id.length > 255 || FORBIDDEN_ID_CHARS.test(id)) {
    throw new TypeError('A document id must be 1-255 characters without / \\ ? or #.');
  }
}

/**
 * Returns a plain copy of the document without store-owned properties, after
 * checking its key and ttl. Cosmos accepts only positive whole seconds as a
 * per-document ttl, so the SQLite adapter refuses anything else as well.
 */
export function prepareDoc<T extends BaseDoc>(doc: T): Record<string, unknown> {
  assertKey(doc.pk, doc.id);
  if (doc.ttl !== undefined && !(Number.isInteger(doc.ttl) && doc.ttl > 0)) {
    throw new RangeError('ttl must be a positive whole number of seconds.');
  }
  const copy: Record<string, unknown> = { ...(doc as BaseDoc & Record<string, unknown>) };
  for (const property of SYSTEM_PROPERTIES) delete copy[property];
  return copy;
}

/** When a document written now with this ttl expires, in ms since the epoch; undefined if never. */
export function expiresAt(ttl: number | undefined, nowMs: number): number | undefined {
  return ttl === undefined ? undefined : nowMs + ttl * 1000;
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError('limit must be a positive whole number.');
  }
  return Math.min(limit, MAX_PAGE_SIZE);
}

type Scalar = string | number | boolean | null;

function isScalar(value: unknown): value is Scalar {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/**
 * Checks that a filter's value has the shape its operator needs, so both
 * adapters fail the same way on a malformed query instead of silently
 * matching nothing in one of them.
 */
export function assertFilter(filter: Filter): void {
  fieldSegments(filter.field);
  const { op, value } = filter;
  const bad = (expected: string) => new TypeError(`Filter "${filter.field} ${op}" needs ${expected}.`);
  switch (op) {
    case '=':
    case '!=':
    case 'arrayContains':
      if (!isScalar(value)) throw bad('a string, number, boolean or null');
      return;
    case '<':
    case '<=':
    case '>':
    case '>=':
      if (value === null || !isScalar(value)) throw bad('a string, number or boolean');
      return;
    case 'in':
      if (!Array.isArray(value) || !value.every((item) => item !== null && isScalar(item))) {
        throw bad('an array of strings, numbers or booleans');
      }
      return;
    case 'startsWith':
      if (typeof value !== 'string') throw bad('a string');
      return;
    case 'exists':
      if (typeof value !== 'boolean') throw bad('true or false');
      return;
    default: {
      const unknownOp: never = op;
      throw new TypeError(`Unknown filter operator "${String(unknownOp)}".`);
    }
  }
}

export function assertQuery(query: Query): void {
  if (query.partitionKey !== undefined && typeof query.partitionKey !== 'string') {
    throw new TypeError('partitionKey must be a string.');
  }
  for (const filter of query.where ?? []) assertFilter(filter);
  if (query.orderBy) {
    fieldSegments(query.orderBy.field);
    if (query.orderBy.direction !== 'asc' && query.orderBy.direction !== 'desc') {
      throw new TypeError('orderBy.direction must be "asc" or "desc".');
    }
  }
}

/** Wraps an adapter's own position marker in an opaque base64url token. */
export function encodeContinuation(position: unknown): string {
  return Buffer.from(JSON.stringify({ v: 1, p: position }), 'utf8').toString('base64url');
}

/** Reverses `encodeContinuation`; a token that was not made by it is a `TypeError`. */
export function decodeContinuation(token: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw new TypeError('Invalid continuation token.');
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { v?: unknown }).v !== 1 || !('p' in parsed)) {
    throw new TypeError('Invalid continuation token.');
  }
  return (parsed as { p: unknown }).p;
}

/** The methods of a collection (ports/store.ts Collection): each answers a promise. */
export const COLLECTION_METHODS = ['create', 'read', 'replace', 'upsert', 'delete', 'query', 'count'] as const;

/** The refusal of a create whose id a live document holds. */
export function documentExists(name: CollectionName, id: string): StoreConflictError {
  return new StoreConflictError(`A document with id "${id}" already exists in ${name}.`);
}

/** The refusal of a write to a document that is not there (or only expired). */
export function documentMissing(name: CollectionName, id: string): StoreNotFoundError {
  return new StoreNotFoundError(`No document with id "${id}" in ${name}.`);
}

/**
 * The port's rule for a write conditional on a version, judged against the live version the adapter found
 * (`liveEtag` undefined: no document, or only an expired one): none is not found, another version than
 * `ifMatch` is a conflict. Both adapters judge replace and delete by it, so a conditional write fails the same
 * way locally and in production.
 */
export function assertWritableVersion(
  name: CollectionName,
  id: string,
  liveEtag: string | undefined,
  ifMatch: string | undefined,
): void {
  if (liveEtag === undefined) throw documentMissing(name, id);
  if (ifMatch !== undefined && ifMatch !== liveEtag) throw new StoreConflictError();
}
