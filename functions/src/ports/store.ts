/**
 * The document store port. Production: Cosmos DB; local: a SQLite file.
 * Both adapters pass one contract suite (tests/contract/store.contract.test.ts),
 * so services can rely on exactly what is written here and nothing more.
 *
 * Every document lives in a named collection and a partition (`pk`). Reads and
 * writes that change state are conditional on the document's etag: a stale
 * etag is a `StoreConflictError`, never a silent overwrite.
 */

/** The collections the services use. Each maps to one Cosmos container / one SQLite table. */
export const COLLECTIONS = [
  'tenants',
  'users',
  'sessions',
  'tokens',
  'disputes',
  'files',
  'jobs',
  'audit',
  'outbox',
  'queue',
  'awards',
  'leases',
  'certificates',
  'notices',
  'evaluations',
  'fees',
  'payments',
  'incidents',
  'caseLists',
] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

/** What every stored document carries. */
export interface BaseDoc {
  id: string;
  /** Partition key value. Queries that name it touch one partition only. */
  pk: string;
  /**
   * Seconds until the document expires, counted from its last write. Expired
   * documents are never returned by read or query (Cosmos removes them itself;
   * the adapters also filter, so a not-yet-purged document cannot leak).
   * A positive whole number (a Cosmos DB rule); anything else is a `RangeError`.
   */
  ttl?: number;
}

/** A document as read back: with the etag of the version that was read. */
export type Stored<T extends BaseDoc> = T & { _etag: string };

export type FilterOp = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'startsWith' | 'arrayContains' | 'exists';

/**
 * One condition on a (dotted) field path, e.g. `{ field: 'claimant.email', op: '=', value: 'a@b.fi' }`.
 * `in` takes an array; `arrayContains` tests whether an array field holds the value;
 * `exists` takes `true` (field defined and not null) or `false`.
 *
 * Comparisons follow Cosmos DB, and both adapters behave alike: a value only
 * equals or compares with a value of the same JSON type (`1`, `true` and `'1'`
 * are three different values; strings compare ordinally, case-sensitively);
 * a missing field matches nothing except `exists: false`; `!=` matches a field
 * that is present with another value, including `null` or another type.
 * A field path that is not a dotted identifier, or a value of the wrong shape
 * for its operator, is a `TypeError`.
 */
export interface Filter {
  field: string;
  op: FilterOp;
  value: string | number | boolean | null | readonly (string | number | boolean)[];
}

/**
 * Without an `orderBy`, results come in id order. Documents with equal values
 * come in an order each adapter keeps stable, so paging still returns every
 * document exactly once; order by a field every document has.
 */
export interface OrderBy {
  field: string;
  direction: 'asc' | 'desc';
}

export interface Query {
  /** Restrict to one partition. */
  partitionKey?: string;
  /** All conditions must hold (AND). */
  where?: readonly Filter[];
  /** At most one order field is guaranteed to be supported by both adapters. */
  orderBy?: OrderBy;
  /** Page size; default 100, at most 1000 (larger values are capped; below 1 is a `RangeError`). */
  limit?: number;
  /** Opaque token from a previous page's `continuation` for the same query; a foreign token is a `TypeError`. */
  continuation?: string;
}

export interface Page<T> {
  items: T[];
  /** Present when more items follow. */
  continuation?: string;
}

export interface Collection<T extends BaseDoc> {
  /** Creates the document; a document with the same id in the same partition is a `StoreConflictError`. */
  create(doc: T): Promise<Stored<T>>;
  /** Reads one document, or undefined when it does not exist (or has expired). */
  read(pk: string, id: string): Promise<Stored<T> | undefined>;
  /**
   * Replaces the document. With `ifMatch`, only if its current etag equals it
   * (else `StoreConflictError`); a missing document is a `StoreNotFoundError`.
   */
  replace(doc: T, options?: { ifMatch?: string }): Promise<Stored<T>>;
  /** Creates or replaces without a condition. */
  upsert(doc: T): Promise<Stored<T>>;
  /** Deletes; returns false when there was nothing to delete. With `ifMatch`, conditional as replace. */
  delete(pk: string, id: string, options?: { ifMatch?: string }): Promise<boolean>;
  /** One page of matching documents. */
  query(query: Query): Promise<Page<Stored<T>>>;
  /** How many documents match (ignores orderBy, limit and continuation). */
  count(query: Omit<Query, 'orderBy' | 'limit' | 'continuation'>): Promise<number>;
}

export interface Store {
  readonly kind: 'sqlite' | 'cosmos';
  collection<T extends BaseDoc>(name: CollectionName): Collection<T>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class StoreConflictError extends Error {
  constructor(message = 'The document was changed by someone else.') {
    super(message);
    this.name = 'StoreConflictError';
  }
}

export class StoreNotFoundError extends Error {
  constructor(message = 'The document does not exist.') {
    super(message);
    this.name = 'StoreNotFoundError';
  }
}
