/**
 * The production document store: Azure Cosmos DB (NoSQL API), one container
 * per collection, partitioned on `/pk`.
 *
 * Queries are parameterised SQL. Two choices keep them working on both real
 * Cosmos DB and the `@vercel/cosmosdb-server` stand-in the contract suite
 * uses: the partition is always also named in the WHERE clause (the stand-in
 * ignores the `partitionKey` request option), and paging uses the SDK's
 * continuation tokens rather than OFFSET/LIMIT (which the stand-in lacks and
 * which costs more RU on real Cosmos anyway).
 */
import {
  CosmosClient,
  type Container,
  type CosmosClientOptions,
  type Database,
  type FeedOptions,
  type ItemDefinition,
  type SqlParameter,
  type SqlQuerySpec,
} from '@azure/cosmos';
import { DefaultAzureCredential } from '@azure/identity';

import { systemClock, type Clock } from '../../ports/clock.js';
import { asUnavailable, mapTransientFailures } from '../transient-failures.js';
import { isCosmosTransient, statusOf } from './cosmos-failures.js';
import {
  COLLECTIONS,
  StoreConflictError,
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

export interface CosmosStoreOptions {
  database: string;
  /** Account connection string (AccountEndpoint=…;AccountKey=…). */
  connectionString?: string;
  endpoint?: string;
  /** Account key for `endpoint`; without it (and without a connection string) Entra ID is used. */
  key?: string;
  clock?: Clock;
  /** Entra ID credential for `endpoint`; defaults to `DefaultAzureCredential`. */
  credential?: NonNullable<CosmosClientOptions['aadCredentials']>;
  /** For tests: e.g. an https Agent that accepts the stand-in server's self-signed certificate. */
  agent?: CosmosClientOptions['agent'];
  /** For tests: e.g. `{ enableEndpointDiscovery: false }` against a single local endpoint. */
  connectionPolicy?: CosmosClientOptions['connectionPolicy'];
}

/**
 * The adapter's own bookkeeping property: when a document with a ttl expires
 * (ms since the epoch, by the store's clock). Cosmos deletes expired documents
 * itself but only eventually, and the stand-in never does, so reads and
 * queries also compare this against the clock.
 */
const EXPIRES_AT = '_expiresAt';

/** Properties Cosmos adds to every document; only `_etag` is part of the port. */
const COSMOS_SYSTEM_PROPERTIES = ['_rid', '_self', '_ts', '_attachments', '_lsn', EXPIRES_AT] as const;

type RawDoc = ItemDefinition & { _etag?: string; [EXPIRES_AT]?: number };

function isExpired(raw: RawDoc, nowMs: number): boolean {
  const expires = raw[EXPIRES_AT];
  return typeof expires === 'number' && expires <= nowMs;
}

function toStored<T extends BaseDoc>(raw: RawDoc): Stored<T> {
  const copy: Record<string, unknown> = { ...raw };
  for (const property of COSMOS_SYSTEM_PROPERTIES) delete copy[property];
  // The document was written by this adapter from a T; Cosmos always returns `_etag`.
  return copy as unknown as Stored<T>;
}

/** `c["a"]["b"]` for `a.b`; the segments are validated identifiers, quoted anyway. */
function fieldExpression(field: string): string {
  return `c${fieldSegments(field)
    .map((segment) => `[${JSON.stringify(segment)}]`)
    .join('')}`;
}

/** Collects query parameters under generated names, so no value is ever spliced into SQL text. */
class Parameters {
  readonly list: SqlParameter[] = [];
  add(value: SqlParameter['value']): string {
    const name = `@p${this.list.length}`;
    this.list.push({ name, value });
    return name;
  }
}

function filterSql(filter: Filter, parameters: Parameters): string {
  const field = fieldExpression(filter.field);
  // Values are JSON scalars (checked by assertQuery); the SDK's parameter type is JSON-shaped.
  const value = filter.value as SqlParameter['value'];
  switch (filter.op) {
    case '=':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return `${field} ${filter.op} ${parameters.add(value)}`;
    case 'in': {
      const values = filter.value as readonly (string | number | boolean)[];
      if (values.length === 0) return 'false';
      return `${field} IN (${values.map((item) => parameters.add(item)).join(', ')})`;
    }
    case 'startsWith':
      return `STARTSWITH(${field}, ${parameters.add(value)})`;
    case 'arrayContains':
      return `ARRAY_CONTAINS(${field}, ${parameters.add(value)})`;
    case 'exists':
      return filter.value === true
        ? `(IS_DEFINED(${field}) AND NOT IS_NULL(${field}))`
        : `(NOT IS_DEFINED(${field}) OR IS_NULL(${field}))`;
  }
}

function isSdkPosition(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function createClient(options: CosmosStoreOptions): CosmosClient {
  const common: Partial<CosmosClientOptions> = {
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.connectionPolicy ? { connectionPolicy: options.connectionPolicy } : {}),
  };
  if (options.connectionString) {
    return new CosmosClient({ ...common, connectionString: options.connectionString });
  }
  if (!options.endpoint) {
    throw new TypeError('The Cosmos store needs a connection string or an endpoint.');
  }
  if (options.key) {
    return new CosmosClient({ ...common, endpoint: options.endpoint, key: options.key });
  }
  return new CosmosClient({
    ...common,
    endpoint: options.endpoint,
    aadCredentials: options.credential ?? new DefaultAzureCredential(),
  });
}

/**
 * Creates the database and its containers when the identity may do so.
 * With Entra ID data-plane roles, creating databases and containers is
 * forbidden (403): they come from infrastructure (Bicep), so the existing
 * ones are used and `ping()` reports whether they are really there.
 */
async function openContainers(
  client: CosmosClient,
  databaseId: string,
): Promise<{ database: Database; containers: Map<CollectionName, Container> }> {
  let database: Database;
  try {
    ({ database } = await client.databases.createIfNotExists({ id: databaseId }));
  } catch (error) {
    if (statusOf(error) !== 403) throw error;
    database = client.database(databaseId);
  }
  const entries = await Promise.all(
    COLLECTIONS.map(async (name): Promise<[CollectionName, Container]> => {
      try {
        const { container } = await database.containers.createIfNotExists({
          id: name,
          partitionKey: { paths: ['/pk'] },
          // -1: no default expiry, but documents carrying `ttl` expire.
          defaultTtl: -1,
        });
        return [name, container];
      } catch (error) {
        if (statusOf(error) !== 403) throw error;
        return [name, database.container(name)];
      }
    }),
  );
  return { database, containers: new Map(entries) };
}

export async function createCosmosStore(options: CosmosStoreOptions): Promise<Store> {
  const clock = options.clock ?? systemClock;
  const nowMs = () => clock.now().getTime();
  const client = createClient(options);
  let opened: Awaited<ReturnType<typeof openContainers>>;
  try {
    opened = await openContainers(client, options.database);
  } catch (error) {
    client.dispose();
    throw error;
  }
  const { database, containers } = opened;

  function containerFor(name: CollectionName): Container {
    const container = containers.get(name);
    if (!container) throw new TypeError(`Unknown collection "${name}".`);
    return container;
  }

  function collection<T extends BaseDoc>(name: CollectionName): Collection<T> {
    return mapTransientFailures(documents<T>(name), COLLECTION_METHODS, 'store', isCosmosTransient);
  }

  function documents<T extends BaseDoc>(name: CollectionName): Collection<T> {
    assertCollectionName(name);
    const container: Container = containerFor(name);

    /** The document as Cosmos should hold it: clean, plus its expiry instant when it has a ttl. */
    function toRaw(doc: T): RawDoc {
      const clean = prepareDoc(doc);
      const expires = expiresAt(doc.ttl, nowMs());
      return (expires === undefined ? clean : { ...clean, [EXPIRES_AT]: expires }) as RawDoc;
    }

    /** The current document including expired-but-not-purged ones, or undefined. */
    async function readRaw(pk: string, id: string): Promise<RawDoc | undefined> {
      try {
        const { resource } = await container.item(id, pk).read<RawDoc>();
        return resource;
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    }

    /** The version of a live document (none for a missing or expired one); Cosmos always returns `_etag`. */
    function liveEtagOf(raw: RawDoc | undefined): string | undefined {
      return raw === undefined || isExpired(raw, nowMs()) ? undefined : raw._etag;
    }

    function whereClause(query: Query, parameters: Parameters): string {
      const conditions = [`(NOT IS_DEFINED(c.${EXPIRES_AT}) OR c.${EXPIRES_AT} > ${parameters.add(nowMs())})`];
      if (query.partitionKey !== undefined) {
        conditions.push(`c.pk = ${parameters.add(query.partitionKey)}`);
      }
      for (const filter of query.where ?? []) conditions.push(filterSql(filter, parameters));
      return conditions.join(' AND ');
    }

    function feedOptions(query: Query): FeedOptions {
      return query.partitionKey !== undefined ? { partitionKey: query.partitionKey } : {};
    }

    async function createOnce(doc: T): Promise<Stored<T> | 'exists'> {
      try {
        const { resource } = await container.items.create<RawDoc>(toRaw(doc));
        if (!resource) throw new Error('Cosmos returned no document after create.');
        return toStored<T>(resource);
      } catch (error) {
        if (statusOf(error) === 409) return 'exists';
        throw error;
      }
    }

    return {
      async create(doc) {
        const created = await createOnce(doc);
        if (created !== 'exists') return created;
        // The id is taken; that only counts when the holder has not expired yet.
        const existing = await readRaw(doc.pk, doc.id);
        if (existing === undefined) {
          // Purged between the two calls: the slot is free now.
          const retried = await createOnce(doc);
          if (retried !== 'exists') return retried;
        } else if (isExpired(existing, nowMs()) && existing._etag) {
          try {
            // Conditional on the expired version, so a concurrent create still loses cleanly.
            const { resource } = await container.item(doc.id, doc.pk).replace<RawDoc>(toRaw(doc), {
              accessCondition: { type: 'IfMatch', condition: existing._etag },
            });
            if (resource) return toStored<T>(resource);
          } catch (error) {
            const status = statusOf(error);
            if (status !== 404 && status !== 412) throw error;
          }
        }
        throw documentExists(name, doc.id);
      },

      async read(pk, id) {
        assertKey(pk, id);
        const raw = await readRaw(pk, id);
        return raw === undefined || isExpired(raw, nowMs()) ? undefined : toStored<T>(raw);
      },

      async replace(doc, replaceOptions) {
        const body = toRaw(doc);
        // Read first: Cosmos (and certainly the stand-in) would happily replace an expired document.
        const current = await readRaw(doc.pk, doc.id);
        const ifMatch = replaceOptions?.ifMatch;
        assertWritableVersion(name, doc.id, liveEtagOf(current), ifMatch);
        try {
          const { resource } = await container
            .item(doc.id, doc.pk)
            .replace<RawDoc>(
              body,
              ifMatch !== undefined ? { accessCondition: { type: 'IfMatch', condition: ifMatch } } : undefined,
            );
          if (!resource) throw new Error('Cosmos returned no document after replace.');
          return toStored<T>(resource);
        } catch (error) {
          const status = statusOf(error);
          if (status === 412) throw new StoreConflictError();
          if (status === 404) throw documentMissing(name, doc.id);
          throw error;
        }
      },

      async upsert(doc) {
        const { resource } = await container.items.upsert<RawDoc>(toRaw(doc));
        if (!resource) throw new Error('Cosmos returned no document after upsert.');
        return toStored<T>(resource);
      },

      async delete(pk, id, deleteOptions) {
        assertKey(pk, id);
        const current = await readRaw(pk, id);
        if (current === undefined) return false;
        const ifMatch = deleteOptions?.ifMatch;
        const expired = isExpired(current, nowMs());
        if (!expired) assertWritableVersion(name, id, liveEtagOf(current), ifMatch);
        try {
          await container
            .item(id, pk)
            .delete(
              ifMatch !== undefined && !expired
                ? { accessCondition: { type: 'IfMatch', condition: ifMatch } }
                : undefined,
            );
        } catch (error) {
          const status = statusOf(error);
          if (status === 404) return false;
          if (status === 412) throw new StoreConflictError();
          throw error;
        }
        // Removing an expired document is housekeeping, not a deletion the caller asked for.
        return !expired;
      },

      async query(query) {
        assertQuery(query);
        const limit = pageSize(query.limit);
        let sdkContinuation: string | undefined;
        if (query.continuation !== undefined) {
          const position = decodeContinuation(query.continuation);
          if (!isSdkPosition(position)) throw new TypeError('Invalid continuation token.');
          sdkContinuation = position;
        }
        const parameters = new Parameters();
        const where = whereClause(query, parameters);
        // Without an explicit order, id order keeps pages stable and matches the SQLite adapter.
        // A second (tie-break) order field would need a composite index per field, so ties keep Cosmos's order.
        const orderBy = query.orderBy ?? { field: 'id', direction: 'asc' as const };
        const spec: SqlQuerySpec = {
          query: `SELECT * FROM c WHERE ${where} ORDER BY ${fieldExpression(orderBy.field)} ${orderBy.direction.toUpperCase()}`,
          parameters: parameters.list,
        };

        // Cosmos may return short (even empty) pages while more results follow; keep fetching to fill the page.
        const items: Stored<T>[] = [];
        do {
          const response = await container.items
            .query<RawDoc>(spec, {
              ...feedOptions(query),
              maxItemCount: limit - items.length,
              continuationToken: sdkContinuation,
            })
            .fetchNext();
          for (const raw of response.resources) items.push(toStored<T>(raw));
          sdkContinuation = response.continuationToken || undefined;
        } while (sdkContinuation !== undefined && items.length < limit);

        const page: Page<Stored<T>> = { items };
        if (sdkContinuation !== undefined) page.continuation = encodeContinuation(sdkContinuation);
        return page;
      },

      async count(query) {
        assertQuery(query);
        const parameters = new Parameters();
        const spec: SqlQuerySpec = {
          query: `SELECT VALUE COUNT(1) FROM c WHERE ${whereClause(query, parameters)}`,
          parameters: parameters.list,
        };
        // The SDK combines a cross-partition aggregate into the single value it returns.
        const { resources } = await container.items.query<number>(spec, feedOptions(query)).fetchAll();
        return resources[0] ?? 0;
      },
    };
  }

  return {
    kind: 'cosmos',
    collection,
    async ping() {
      try {
        await database.read();
      } catch (error) {
        throw asUnavailable(error, 'store', isCosmosTransient);
      }
    },
    async close() {
      client.dispose();
    },
  };
}
