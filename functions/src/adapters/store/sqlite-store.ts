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
import { systemClock, type Clock } from '../../ports/clock.js';
import type { BaseDoc, Collection, CollectionName, Store } from '../../ports/store.js';
import { sqliteCollection } from './sqlite-collection.js';
import { asUnavailable } from '../transient-failures.js';
import { isSqliteTransient, openSqliteDatabase, startExpiryPurge, statementCache } from './sqlite-database.js';

/*
 * The database, its schema and expiry purge: sqlite-database.ts; one collection's operations:
 * sqlite-collection.ts; filters and paging as SQL: sqlite-query-sql.ts.
 */

export interface SqliteStoreOptions {
  /** Path of the database file; its folder is created when missing. `:memory:` also works. */
  file: string;
  clock?: Clock;
}

export function createSqliteStore(options: SqliteStoreOptions): Store {
  const clock = options.clock ?? systemClock;
  const db = openSqliteDatabase(options.file);
  const statements = statementCache(db);
  const nowMs = () => clock.now().getTime();
  const stopPurge = startExpiryPurge(db, statements.statement, nowMs);
  const context = { db, statement: statements.statement, nowMs, indexedByTable: new Map<string, Set<string>>() };

  // Services ask for a collection on every call; its operations hold no state of their own, so one per name.
  const collections = new Map<CollectionName, Collection<BaseDoc>>();
  return {
    kind: 'sqlite',
    collection: <T extends BaseDoc>(name: CollectionName) => {
      let collection = collections.get(name);
      if (!collection) {
        collection = sqliteCollection<BaseDoc>(name, context);
        collections.set(name, collection);
      }
      return collection as unknown as Collection<T>;
    },
    async ping() {
      try {
        statements.statement('SELECT 1').get();
      } catch (error) {
        throw asUnavailable(error, 'store', isSqliteTransient);
      }
    },
    async close() {
      stopPurge();
      statements.clear();
      if (db.open) db.close();
    },
  };
}
