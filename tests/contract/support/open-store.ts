import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCosmosStore } from '../../../functions/src/adapters/store/cosmos-store.js';
import { createSqliteStore } from '../../../functions/src/adapters/store/sqlite-store.js';
import type { Clock } from '../../../functions/src/ports/clock.js';
import type { Store } from '../../../functions/src/ports/store.js';
import { startCosmosServer } from './cosmos-server.js';

/** A store for one test, and what releases it: the store closed, then its temp folder or server gone. */
export interface OpenedStore {
  store: Store;
  dispose(): Promise<void>;
}

/** Opens one adapter's store, for suites that run alike against both (`describe.each`). */
export type StoreFactory = (clock: Clock) => Promise<OpenedStore>;

/**
 * A SQLite store in a fresh temp folder named from `prefix`; with `nested`, its file sits in a sub-folder the
 * adapter must create.
 */
export async function openSqliteStore(
  clock: Clock,
  { prefix, nested = false }: { prefix: string; nested?: boolean },
): Promise<OpenedStore> {
  const dir = await mkdtemp(path.join(tmpdir(), `ratkaisu-${prefix}-`));
  const store = createSqliteStore({ file: path.join(dir, ...(nested ? ['nested'] : []), 'store.db'), clock });
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A Cosmos store on its own `@vercel/cosmosdb-server` stand-in, in a fresh database named from `prefix`. */
export async function openCosmosStore(clock: Clock, { prefix }: { prefix: string }): Promise<OpenedStore> {
  const server = await startCosmosServer();
  try {
    const store = await createCosmosStore({
      database: `${prefix}-${randomUUID()}`,
      endpoint: server.endpoint,
      key: server.key,
      agent: server.agent,
      connectionPolicy: server.connectionPolicy,
      clock,
    });
    return {
      store,
      dispose: async () => {
        await store.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
