import { randomUUID } from 'node:crypto';
import {
  type BaseDoc,
  type Collection,
  type CollectionName,
  type Filter,
  type Page,
  type Query,
  type Stored,
} from '../../ports/store.js';
import { mapTransientFailures } from '../transient-failures.js';
import { isSqliteTransient, type Database, type SqlValue, type Statement } from './sqlite-database.js';
import {
  afterPosition,
  fieldRef,
  filterSql,
  INDEXED_OPS,
  isPosition,
  toStored,
  type Position,
  type QueryRow,
  type Row,
} from './sqlite-query-sql.js';
import {
  assertCollectionName,
  assertKey,
  assertQuery,
  assertWritableVersion,
  COLLECTION_METHODS,
  decodeContinuation,
  documentExists,
  documentMissing,
  encodeContinuation,
  expiresAt,
  fieldSegments,
  pageSize,
  prepareDoc,
} from './store-inputs.js';

/** What every collection of one store shares: its database, statement cache, clock and known indexes. */
export interface SqliteStoreContext {
  db: Database;
  statement(sql: string): Statement;
  nowMs(): number;
  /**
   * The expression indexes known to exist, per table: kept for the store's life, not per `collection()` call —
   * services ask for a collection on every request, and a fresh set would run a `CREATE INDEX IF NOT EXISTS`
   * before every query (about a tenth of a case-list request's time, docs/benchmarks.md "Case routes").
   */
  indexedByTable: Map<string, Set<string>>;
}

/**
 * One collection as a table: the document operations and queries of the Store port. A busy or locked
 * database is thrown as a `DependencyUnavailableError` (the caller may try again in a moment).
 */
export function sqliteCollection<T extends BaseDoc>(
  name: CollectionName,
  { db, statement, nowMs, indexedByTable }: SqliteStoreContext,
): Collection<T> {
  assertCollectionName(name);
  const table = `"${name}"`;
  const live = '(expires_at IS NULL OR expires_at > ?)';

  // Built once per collection: the statement cache is keyed by the SQL, and a string made afresh on every call
  // is hashed afresh on every lookup (a point read is the hottest call of the signed-in routes).
  const readSql = `SELECT etag, body FROM ${table} WHERE pk = ? AND id = ? AND ${live}`;
  const liveEtagSql = `SELECT etag FROM ${table} WHERE pk = ? AND id = ? AND ${live}`;
  const liveEtag = (pk: string, id: string, now: number) =>
    statement(liveEtagSql).get(pk, id, now) as { etag: string } | undefined;

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

  const collection: Collection<T> = {
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
        throw documentExists(name, doc.id);
      }
      return row.stored;
    },

    async read(pk, id) {
      assertKey(pk, id);
      const found = statement(readSql).get(pk, id, nowMs()) as Row | undefined;
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
      // Not written: why, by the version there is now (read on the same connection right after the update).
      assertWritableVersion(name, doc.id, liveEtag(doc.pk, doc.id, now)?.etag, ifMatch);
      throw documentMissing(name, doc.id);
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
      const current = liveEtag(pk, id, now);
      if (current) assertWritableVersion(name, id, current.etag, ifMatch);
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
      // Ordered by id, the sort key is the id itself: naming it once lets a filtered query read its rows in
      // the order of the field's index (field, id, pk) instead of sorting them in a temporary tree.
      const order = sort === 'id' ? `id ${dir}, pk ${dir}` : `sort_key ${dir}, id ${dir}, pk ${dir}`;
      // The limit is written into the SQL, not bound: with `LIMIT ?` SQLite took 15 µs for a query on an indexed
      // field that found nothing, against 2 µs with the number written in (docs/benchmarks.md "Case routes").
      // Safe to inline: pageSize answers a whole number from 1 to MAX_PAGE_SIZE.
      const rows = statement(
        `SELECT etag, body, id, pk, ${sort} AS sort_key FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${limit + 1}`,
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
  return mapTransientFailures(collection, COLLECTION_METHODS, 'store', isSqliteTransient);
}
