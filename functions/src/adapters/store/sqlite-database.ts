import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { COLLECTIONS } from '../../ports/store.js';

/*
 * The slice of the better-sqlite3 API this adapter uses. The package ships no
 * type declarations and @types/better-sqlite3 is not a dependency, so the
 * module is loaded through `createRequire` and typed here instead.
 */
export type SqlValue = string | number | null;
interface RunResult {
  changes: number;
}
export interface Statement {
  run(...params: SqlValue[]): RunResult;
  get(...params: SqlValue[]): unknown;
  all(...params: SqlValue[]): unknown[];
}
export interface Database {
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

/**
 * Opens (creating when missing) the database file with the pragmas the store relies on, and brings its schema
 * up to date: one table per collection, each with its expiry index.
 */
export function openSqliteDatabase(file: string): Database {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });

  const db = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS });
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
  return db;
}

/**
 * A failure that passes once another connection lets go (docs/operations.md "Transient failures"): the file
 * is locked by another writer beyond the busy timeout (`SQLITE_BUSY`, `SQLITE_BUSY_SNAPSHOT`…) or a table is
 * locked (`SQLITE_LOCKED…`). better-sqlite3's SqliteError carries SQLite's extended code as `code`.
 */
export function isSqliteTransient(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** Prepared statements by their SQL, at most STATEMENT_CACHE_LIMIT of them. */
export function statementCache(db: Database): { statement(sql: string): Statement; clear(): void } {
  const statements = new Map<string, Statement>();
  function statement(sql: string): Statement {
    let prepared = statements.get(sql);
    if (!prepared) {
      if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
      prepared = db.prepare(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  }
  return { statement, clear: () => statements.clear() };
}

/** Deletes expired rows now and every PURGE_INTERVAL_MS; answers the function that stops it. */
export function startExpiryPurge(db: Database, statement: (sql: string) => Statement, nowMs: () => number): () => void {
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
  return () => clearInterval(purgeTimer);
}
