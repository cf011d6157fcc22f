/**
 * The local document store: one SQLite file, one table per collection.
 *
 * Each table keeps the key (pk, id), the current etag, the expiry instant and
 * the document as JSON; filters and ordering run over `json_extract`. The
 * semantics follow Cosmos DB's, because the same contract suite runs against
 * both adapters: comparisons only match values of the same JSON type, a
 * missing field never matches `=`/`!=`/`<`…, and expired documents are
 * invisible even before they are purged.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { systemClock, type Clock } from '../../ports/clock.js';
import {
  COLLECTIONS,
  StoreConflictError,
  StoreNotFoundError,
  type BaseDoc,
  type Collection,
  type CollectionName,
  type Filter,
  type Page,
  type Query,
  type Store,
  type Stored,
} from '../../ports/store.js';
import {
  assertCollectionName,
  assertKey,
  assertQuery,
  decodeContinuation,
  encodeContinuation,
  expiresAt,
  fieldSegments,
  pageSize,
  prepareDoc,
} from './store-inputs.js';

/*
 * The slice of the better-sqlite3 API this adapter uses. The package ships no
 * type declarations and @types/better-sqlite3 is not a dependency, so the
 * module is loaded through `createRequire` and typed here instead.
 */
type SqlValue = string | number | null;
interface RunResult {
  changes: number;
}
interface Statement {
  run(...params: SqlValue[]): RunResult;
  get(...params: SqlValue[]): unknown;
  all(...params: SqlValue[]): unknown[];
}
interface Database {
  prepare(sql: string): Statement;
  pragma(source: string): unknown;
  exec(sql: string): unknown;
  close(): unknown;
  readonly open: boolean;
}
type DatabaseConstructor = new (file: string, options?: { timeout?: number }) => Database;

const require = createRequire(import.meta.url);
const BetterSqlite3 = require('better-sqlite3') as DatabaseConstructor;

/** How long a writer waits for another process's lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;
/** How often expired rows are deleted; they are invisible before that anyway. */
const PURGE_INTERVAL_MS = 60_000;
/** Prepared statements kept; query shapes are few, but callers could vary them without bound. */
const STATEMENT_CACHE_LIMIT = 500;

export interface SqliteStoreOptions {
  /** Path of the database file; its folder is created when missing. `:memory:` also works. */
  file: string;
  clock?: Clock;
}

interface Row {
  etag: string;
  body: string;
}

interface QueryRow extends Row {
  id: string;
  pk: string;
  sort_key: SqlValue;
}

/** Where the previous page ended: the last row's sort value and key. */
type Position = [SqlValue, string, string];

/** An SQL expression for a field's value and one for its JSON type (as `json_type` names it). */
interface FieldRef {
  value: string;
  type: string;
}

function fieldRef(field: string): FieldRef {
  const segments = fieldSegments(field);
  // The key columns are plain TEXT columns; reading them directly is cheaper than parsing the body.
  if (field === 'id' || field === 'pk') return { value: field, type: `'text'` };
  // Safe to inline: fieldSegments only lets identifier characters through.
  const jsonPath = `'$.${segments.join('.')}'`;
  return { value: `json_extract(body, ${jsonPath})`, type: `json_type(body, ${jsonPath})` };
}

/**
 * `ref = value` with Cosmos semantics: true only for a value of the same JSON
 * type. Type checks matter because `json_extract` maps JSON true to 1 and
 * JSON null and a missing field both to NULL.
 */
function typedEquals(ref: FieldRef, value: string | number | boolean | null, params: SqlValue[]): string {
  if (value === null) return `${ref.type} = 'null'`;
  if (typeof value === 'boolean') return `${ref.type} = '${value ? 'true' : 'false'}'`;
  params.push(value);
  return typeof value === 'string'
    ? `(${ref.type} = 'text' AND ${ref.value} = ?)`
    : `(${ref.type} IN ('integer', 'real') AND ${ref.value} = ?)`;
}

/**
 * `ref = value` where only a match counts (`=`, `in`; not under NOT): as typedEquals, but for a string that
 * cannot be the JSON text of an object or array the type check is left out. `json_extract` answers TEXT only
 * for a JSON string or for an object or array (as its JSON text, starting with { or [); a number never equals
 * TEXT in SQLite; a JSON null is NULL, which matches nothing. So such a string equals only a string field, and
 * the check — which parsed the whole document again for each row the index found — is not needed
 * (docs/benchmarks.md "Case routes").
 */
function matchesEqual(ref: FieldRef, value: string | number | boolean | null, params: SqlValue[]): string {
  if (typeof value !== 'string' || /^\s*[[{]/.test(value)) return typedEquals(ref, value, params);
  params.push(value);
  return `${ref.value} = ?`;
}

/** `ref < value` and friends: only values of the same JSON type compare, as in Cosmos. */
function typedCompare(
  ref: FieldRef,
  op: '<' | '<=' | '>' | '>=',
  value: string | number | boolean,
  params: SqlValue[],
): string {
  if (typeof value === 'boolean') {
    params.push(value ? 1 : 0);
    return `(${ref.type} IN ('true', 'false') AND ${ref.value} ${op} ?)`;
  }
  params.push(value);
  return typeof value === 'string'
    ? `(${ref.type} = 'text' AND ${ref.value} ${op} ?)`
    : `(${ref.type} IN ('integer', 'real') AND ${ref.value} ${op} ?)`;
}

/** Filters that an index on the field's value can answer. */
const INDEXED_OPS: ReadonlySet<Filter['op']> = new Set(['=', 'in', '<', '<=', '>', '>=', 'startsWith']);

function filterSql(filter: Filter, params: SqlValue[]): string {
  const ref = fieldRef(filter.field);
  const { value } = filter;
  switch (filter.op) {
    case '=':
      return matchesEqual(ref, value as string | number | boolean | null, params);
    case '!=':
      // Cosmos: a missing field is undefined (no match); a value of another type is unequal (match).
      return `(${ref.type} IS NOT NULL AND NOT ${typedEquals(ref, value as string | number | boolean | null, params)})`;
    case '<':
    case '<=':
    case '>':
    case '>=':
      return typedCompare(ref, filter.op, value as string | number | boolean, params);
    case 'in': {
      const values = value as readonly (string | number | boolean)[];
      if (values.length === 0) return '0';
      return `(${values.map((item) => matchesEqual(ref, item, params)).join(' OR ')})`;
    }
    case 'startsWith':
      // substr rather than LIKE: LIKE is case-insensitive and treats % and _ as wildcards.
      params.push(value as string, value as string);
      return `(${ref.type} = 'text' AND substr(${ref.value}, 1, length(?)) = ?)`;
    case 'arrayContains': {
      if (filter.field === 'id' || filter.field === 'pk') return '0';
      const jsonPath = `'$.${fieldSegments(filter.field).join('.')}'`;
      const element = typedEquals(
        { value: 'e.value', type: 'e.type' },
        value as string | number | boolean | null,
        params,
      );
      return `(${ref.type} = 'array' AND EXISTS (SELECT 1 FROM json_each(body, ${jsonPath}) AS e WHERE ${element}))`;
    }
    case 'exists':
      return value === true ? `COALESCE(${ref.type}, 'null') <> 'null'` : `COALESCE(${ref.type}, 'null') = 'null'`;
  }
}

function isPosition(value: unknown): value is Position {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    (value[0] === null || typeof value[0] === 'string' || typeof value[0] === 'number') &&
    typeof value[1] === 'string' &&
    typeof value[2] === 'string'
  );
}

/**
 * Rows strictly after `position` in `ORDER BY sort dir, id dir, pk dir`.
 * SQLite sorts NULL (a missing field) first ascending and last descending,
 * and NULL never compares, hence the separate NULL branches.
 */
function afterPosition(sort: string, direction: 'asc' | 'desc', position: Position, params: SqlValue[]): string {
  const [sortValue, id, pk] = position;
  if (sortValue === null) {
    params.push(id, pk);
    return direction === 'asc'
      ? `(${sort} IS NOT NULL OR (id, pk) > (?, ?))`
      : `(${sort} IS NULL AND (id, pk) < (?, ?))`;
  }
  params.push(sortValue, sortValue, id, pk);
  return direction === 'asc'
    ? `(${sort} > ? OR (${sort} = ? AND (id, pk) > (?, ?)))`
    : `(${sort} < ? OR ${sort} IS NULL OR (${sort} = ? AND (id, pk) < (?, ?)))`;
}

function toStored<T extends BaseDoc>(row: Row): Stored<T> {
  // The body was written by this adapter from a T, so the cast restores what was stored.
  // Set on the parsed object rather than spread into a copy: a grown case document is not copied twice.
  const stored = JSON.parse(row.body) as Stored<T>;
  stored._etag = row.etag;
  return stored;
}

export function createSqliteStore(options: SqliteStoreOptions): Store {
  const clock = options.clock ?? systemClock;
  if (options.file !== ':memory:') mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true });

  const db = new BetterSqlite3(options.file, { timeout: BUSY_TIMEOUT_MS });
  // WAL lets readers run while a writer commits (the local host and scripts may share the file).
  db.pragma('journal_mode = WAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // NORMAL is durable against crashes in WAL mode; only a power cut can lose the last commits.
  db.pragma('synchronous = NORMAL');
  for (const name of COLLECTIONS) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS "${name}" (
         pk TEXT NOT NULL,
         id TEXT NOT NULL,
         etag TEXT NOT NULL,
         expires_at INTEGER,
         body TEXT NOT NULL,
         PRIMARY KEY (pk, id)
       );
       CREATE INDEX IF NOT EXISTS "${name}_expires_at" ON "${name}" (expires_at) WHERE expires_at IS NOT NULL;`,
    );
  }

  const statements = new Map<string, Statement>();
  /**
   * The expression indexes known to exist, per table: kept for the store's life, not per `collection()` call —
   * services ask for a collection on every request, and a fresh set would run a `CREATE INDEX IF NOT EXISTS`
   * before every query (about a tenth of a case-list request's time, docs/benchmarks.md "Case routes").
   */
  const indexedByTable = new Map<string, Set<string>>();
  function statement(sql: string): Statement {
    let prepared = statements.get(sql);
    if (!prepared) {
      if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
      prepared = db.prepare(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  }

  const nowMs = () => clock.now().getTime();

  function purgeExpired(): void {
    if (!db.open) return;
    const now = nowMs();
    for (const name of COLLECTIONS) {
      statement(`DELETE FROM "${name}" WHERE expires_at IS NOT NULL AND expires_at <= ?`).run(now);
    }
  }
  purgeExpired();
  const purgeTimer = setInterval(() => {
    try {
      purgeExpired();
    } catch {
      // A busy or closing database just postpones the purge; expired rows stay invisible meanwhile.
    }
  }, PURGE_INTERVAL_MS);
  purgeTimer.unref();

  function collection<T extends BaseDoc>(name: CollectionName): Collection<T> {
    assertCollectionName(name);
    const table = `"${name}"`;
    const live = '(expires_at IS NULL OR expires_at > ?)';

    const liveEtag = (pk: string, id: string, now: number) =>
      statement(`SELECT etag FROM ${table} WHERE pk = ? AND id = ? AND ${live}`).get(pk, id, now) as
        { etag: string } | undefined;

    /** The row to write for a document, and the document as it will read back. */
    function toRow(doc: T, now: number) {
      const clean = prepareDoc(doc);
      const body = JSON.stringify(clean);
      const etag = randomUUID();
      return { body, etag, expires: expiresAt(doc.ttl, now) ?? null, stored: toStored<T>({ body, etag }) };
    }

    /**
     * Cosmos DB indexes every path; the SQLite file gets the same effect on
     * demand: the first query that filters a field by value creates an
     * expression index on it (ending in id and pk, the default order, so a
     * filtered page is read in index order). Without it every page of a
     * filtered query parsed every document of the table.
     */
    const indexedFields = indexedByTable.get(name) ?? new Set<string>();
    indexedByTable.set(name, indexedFields);
    /**
     * A query that filters a field by equality and orders by another also gets an index on the pair, so a
     * page is read in order from the index instead of sorting every matching document (a user's newest
     * 50 of 10,000 cases).
     */
    function ensureOrderIndexed(filters: readonly Filter[] | undefined, orderBy: Query['orderBy']): void {
      if (!orderBy || orderBy.field === 'id' || orderBy.field === 'pk') return;
      const equality = filters?.find((filter) => filter.op === '=' && filter.field !== 'id' && filter.field !== 'pk');
      if (!equality) return;
      const key = `${equality.field}>${orderBy.field}`;
      if (indexedFields.has(key)) return;
      const by = fieldSegments(equality.field);
      const order = fieldSegments(orderBy.field);
      // Safe to inline: fieldSegments only lets identifier characters through.
      db.exec(
        `CREATE INDEX IF NOT EXISTS "${name}_by_${by.join('__')}_then_${order.join('__')}"
           ON ${table} (json_extract(body, '$.${by.join('.')}'), json_extract(body, '$.${order.join('.')}'), id, pk)`,
      );
      indexedFields.add(key);
    }

    function ensureIndexed(filters: readonly Filter[] | undefined): void {
      for (const filter of filters ?? []) {
        if (!INDEXED_OPS.has(filter.op) || filter.field === 'id' || filter.field === 'pk') continue;
        if (indexedFields.has(filter.field)) continue;
        const segments = fieldSegments(filter.field);
        // Safe to inline: fieldSegments only lets identifier characters through.
        db.exec(
          `CREATE INDEX IF NOT EXISTS "${name}_by_${segments.join('__')}"
             ON ${table} (json_extract(body, '$.${segments.join('.')}'), id, pk)`,
        );
        indexedFields.add(filter.field);
      }
    }

    function whereClause(query: Query, now: number, params: SqlValue[]): string {
      ensureIndexed(query.where);
      const conditions = [live];
      params.push(now);
      if (query.partitionKey !== undefined) {
        conditions.push('pk = ?');
        params.push(query.partitionKey);
      }
      for (const filter of query.where ?? []) conditions.push(filterSql(filter, params));
      return conditions.join(' AND ');
    }

    return {
      async create(doc) {
        const now = nowMs();
        const row = toRow(doc, now);
        // Takes over the slot of an expired, not yet purged document; a live one is left alone (0 changes).
        const result = statement(
          `INSERT INTO ${table} (pk, id, etag, expires_at, body) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (pk, id) DO UPDATE
             SET etag = excluded.etag, expires_at = excluded.expires_at, body = excluded.body
             WHERE ${table}.expires_at IS NOT NULL AND ${table}.expires_at <= ?`,
        ).run(doc.pk, doc.id, row.etag, row.expires, row.body, now);
        if (result.changes === 0) {
          throw new StoreConflictError(`A document with id "${doc.id}" already exists in ${name}.`);
        }
        return row.stored;
      },

      async read(pk, id) {
        assertKey(pk, id);
        const found = statement(`SELECT etag, body FROM ${table} WHERE pk = ? AND id = ? AND ${live}`).get(
          pk,
          id,
          nowMs(),
        ) as Row | undefined;
        return found ? toStored<T>(found) : undefined;
      },

      async replace(doc, replaceOptions) {
        const now = nowMs();
        const row = toRow(doc, now);
        const ifMatch = replaceOptions?.ifMatch;
        const params: SqlValue[] = [row.etag, row.expires, row.body, doc.pk, doc.id, now];
        let sql = `UPDATE ${table} SET etag = ?, expires_at = ?, body = ? WHERE pk = ? AND id = ? AND ${live}`;
        if (ifMatch !== undefined) {
          sql += ' AND etag = ?';
          params.push(ifMatch);
        }
        if (statement(sql).run(...params).changes === 1) return row.stored;
        if (ifMatch !== undefined && liveEtag(doc.pk, doc.id, now)) throw new StoreConflictError();
        throw new StoreNotFoundError(`No document with id "${doc.id}" in ${name}.`);
      },

      async upsert(doc) {
        const row = toRow(doc, nowMs());
        statement(
          `INSERT INTO ${table} (pk, id, etag, expires_at, body) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (pk, id) DO UPDATE
             SET etag = excluded.etag, expires_at = excluded.expires_at, body = excluded.body`,
        ).run(doc.pk, doc.id, row.etag, row.expires, row.body);
        return row.stored;
      },

      async delete(pk, id, deleteOptions) {
        assertKey(pk, id);
        const now = nowMs();
        const ifMatch = deleteOptions?.ifMatch;
        const params: SqlValue[] = [pk, id, now];
        let sql = `DELETE FROM ${table} WHERE pk = ? AND id = ? AND ${live}`;
        if (ifMatch !== undefined) {
          sql += ' AND etag = ?';
          params.push(ifMatch);
        }
        if (statement(sql).run(...params).changes === 1) return true;
        if (ifMatch !== undefined && liveEtag(pk, id, now)) throw new StoreConflictError();
        return false;
      },

      async query(query) {
        assertQuery(query);
        const limit = pageSize(query.limit);
        const orderBy = query.orderBy ?? { field: 'id', direction: 'asc' as const };
        const sort = fieldRef(orderBy.field).value;
        const direction = orderBy.direction;

        ensureOrderIndexed(query.where, query.orderBy);
        const params: SqlValue[] = [];
        let where = whereClause(query, nowMs(), params);
        if (query.continuation !== undefined) {
          const position = decodeContinuation(query.continuation);
          if (!isPosition(position)) throw new TypeError('Invalid continuation token.');
          where += ` AND ${afterPosition(sort, direction, position, params)}`;
        }
        // id and pk break ties, so the order (and therefore paging) is total even across partitions.
        const dir = direction === 'asc' ? 'ASC' : 'DESC';
        params.push(limit + 1);
        // Ordered by id, the sort key is the id itself: naming it once lets a filtered query read its rows in
        // the order of the field's index (field, id, pk) instead of sorting them in a temporary tree.
        const order = sort === 'id' ? `id ${dir}, pk ${dir}` : `sort_key ${dir}, id ${dir}, pk ${dir}`;
        const rows = statement(
          `SELECT etag, body, id, pk, ${sort} AS sort_key FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ?`,
        ).all(...params) as QueryRow[];

        // One row beyond the page tells whether another page follows without a second query.
        const pageRows = rows.slice(0, limit);
        const page: Page<Stored<T>> = { items: pageRows.map((row) => toStored<T>(row)) };
        const last = pageRows[pageRows.length - 1];
        if (rows.length > limit && last) {
          const position: Position = [last.sort_key, last.id, last.pk];
          page.continuation = encodeContinuation(position);
        }
        return page;
      },

      async count(query) {
        assertQuery(query);
        const params: SqlValue[] = [];
        const where = whereClause(query, nowMs(), params);
        const result = statement(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).get(...params) as { n: number };
        return result.n;
      },
    };
  }

  return {
    kind: 'sqlite',
    collection,
    async ping() {
      statement('SELECT 1').get();
    },
    async close() {
      clearInterval(purgeTimer);
      statements.clear();
      if (db.open) db.close();
    },
  };
}
