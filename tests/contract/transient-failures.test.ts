import { createRequire } from 'node:module';
import type * as cosmos from '@azure/cosmos';
import { ErrorResponse } from '@azure/cosmos';
import type * as serviceBus from '@azure/service-bus';
import { ServiceBusError } from '@azure/service-bus';
import type * as storageBlob from '@azure/storage-blob';
import { RestError } from '@azure/storage-blob';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WriteOnceError } from '../../functions/src/errors.js';
import { toResponse } from '../../functions/src/http/responses.js';
import { StoreConflictError, type BaseDoc } from '../../functions/src/ports/store.js';
import { DependencyUnavailableError } from '../../functions/src/ports/unavailable.js';
import { createAzureBlobs } from '../../functions/src/adapters/blobs/azure-blobs.js';
import { createServiceBusQueue } from '../../functions/src/adapters/queue/service-bus-queue.js';
import { createCosmosStore } from '../../functions/src/adapters/store/cosmos-store.js';
import { sqliteCollection } from '../../functions/src/adapters/store/sqlite-collection.js';
import { createSqliteStore } from '../../functions/src/adapters/store/sqlite-store.js';
import type { Database, Statement } from '../../functions/src/adapters/store/sqlite-database.js';
import { isNetworkFailure } from '../../functions/src/adapters/transient-failures.js';

/**
 * The real adapters' passing failures (docs/operations.md "Transient failures"): each SDK call is stubbed to
 * fail as the service would, and what reaches a caller is a DependencyUnavailableError — answered 503 with
 * Retry-After — while a conflict, a precondition or a missing item keeps its own meaning.
 */

/** What the stubbed SDK calls throw next (a Cosmos point read: `readFailure`); undefined: they answer. */
const { sdk, fail } = vi.hoisted(() => {
  const state = { failure: undefined as unknown, readFailure: undefined as unknown };
  return {
    sdk: state,
    fail: async (): Promise<never> => {
      throw state.failure;
    },
  };
});

vi.mock('@azure/cosmos', async (importOriginal) => {
  const actual = await importOriginal<typeof cosmos>();
  const item = {
    read: async () => {
      if (sdk.readFailure) throw sdk.readFailure;
      return { resource: { id: 'd1', pk: 'p', _etag: 'e1' } };
    },
    replace: fail,
    delete: fail,
  };
  const container = {
    item: () => item,
    items: {
      create: fail,
      upsert: fail,
      query: () => ({ fetchNext: fail, fetchAll: fail }),
    },
  };
  const database = {
    read: fail,
    containers: { createIfNotExists: async () => ({ container }) },
  };
  class FakeCosmosClient {
    databases = { createIfNotExists: async () => ({ database }) };
    dispose(): void {}
  }
  return { ...actual, CosmosClient: FakeCosmosClient };
});

vi.mock('@azure/storage-blob', async (importOriginal) => {
  const actual = await importOriginal<typeof storageBlob>();
  const blob = { uploadData: fail, downloadToBuffer: fail, getProperties: fail, download: fail };
  const container = { getBlockBlobClient: () => blob, exists: fail, createIfNotExists: fail };
  const service = { getContainerClient: () => container };
  return { ...actual, BlobServiceClient: { fromConnectionString: () => service } };
});

vi.mock('@azure/service-bus', async (importOriginal) => {
  const actual = await importOriginal<typeof serviceBus>();
  class FakeServiceBusClient {
    createSender() {
      return { sendMessages: fail, createMessageBatch: fail, close: async () => {} };
    }
    async close(): Promise<void> {}
  }
  return { ...actual, ServiceBusClient: FakeServiceBusClient };
});

beforeEach(() => {
  sdk.failure = undefined;
  sdk.readFailure = undefined;
});

/** The HTTP answer a route would give for what `act` threw. */
async function answerTo(act: () => Promise<unknown>): Promise<{ status: number; retryAfter?: string; error: unknown }> {
  const error = await act().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error === undefined) throw new Error('The call did not fail.');
  const { response } = toResponse(error);
  return { status: response.status!, retryAfter: (response.headers as Record<string, string>)['Retry-After'], error };
}

function networkError(code: string): Error {
  return Object.assign(new Error(`connect ${code}`), { code });
}

function cosmosError(status: number): ErrorResponse {
  const error = new ErrorResponse(`Cosmos answered ${status}`);
  error.code = status;
  return error;
}

describe('the SQLite store', () => {
  const require = createRequire(import.meta.url);
  const { SqliteError } = require('better-sqlite3') as {
    SqliteError: new (message: string, code: string) => Error & { code: string };
  };

  /** A collection over a database whose every statement throws `failure`, as better-sqlite3 would. */
  function failingCollection(failure: Error) {
    const statement: Statement = {
      run: () => {
        throw failure;
      },
      get: () => {
        throw failure;
      },
      all: () => {
        throw failure;
      },
    };
    return sqliteCollection<BaseDoc>('disputes', {
      db: {} as Database,
      statement: () => statement,
      nowMs: () => 0,
      indexedByTable: new Map(),
    });
  }

  it('answers a busy or locked database with 503 and Retry-After', async () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', 'SQLITE_LOCKED_SHAREDCACHE']) {
      const collection = failingCollection(new SqliteError('database is locked', code));
      for (const act of [
        () => collection.read('p', 'd1'),
        () => collection.create({ id: 'd1', pk: 'p' }),
        () => collection.query({ where: [] }),
      ]) {
        const answer = await answerTo(act);
        expect(answer.error).toBeInstanceOf(DependencyUnavailableError);
        expect((answer.error as DependencyUnavailableError).dependency).toBe('store');
        expect(answer).toMatchObject({ status: 503, retryAfter: '5' });
      }
    }
  });

  it('keeps any other SQLite failure a 500, and a taken id a 409', async () => {
    const corrupt = failingCollection(new SqliteError('database disk image is malformed', 'SQLITE_CORRUPT'));
    expect((await answerTo(() => corrupt.read('p', 'd1'))).status).toBe(500);
    const store = createSqliteStore({ file: ':memory:' });
    try {
      const disputes = store.collection<BaseDoc>('disputes');
      await disputes.create({ id: 'd1', pk: 'p' });
      const taken = await answerTo(() => disputes.create({ id: 'd1', pk: 'p' }));
      expect(taken.error).toBeInstanceOf(StoreConflictError);
      expect(taken.status).toBe(409);
    } finally {
      await store.close();
    }
  });
});

describe('the Cosmos DB store', () => {
  const open = () => createCosmosStore({ database: 'ratkaisu', endpoint: 'https://cosmos.invalid', key: 'a2V5' });

  it('answers 408, 429, 449, 500 and 503 and a dropped connection with 503 and Retry-After', async () => {
    const store = await open();
    const disputes = store.collection<BaseDoc>('disputes');
    const aborted = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
    for (const failure of [
      ...[408, 429, 449, 500, 503].map(cosmosError),
      networkError('ECONNRESET'),
      networkError('ETIMEDOUT'),
      aborted,
    ]) {
      sdk.failure = failure;
      sdk.readFailure = failure;
      for (const act of [
        () => disputes.read('p', 'd1'),
        () => disputes.upsert({ id: 'd1', pk: 'p' }),
        () => disputes.query({ where: [] }),
        () => disputes.count({ where: [] }),
        () => store.ping(),
      ]) {
        const answer = await answerTo(act);
        expect(answer.error, String(failure)).toBeInstanceOf(DependencyUnavailableError);
        expect((answer.error as Error).cause).toBe(failure);
        expect(answer).toMatchObject({ status: 503, retryAfter: '5' });
      }
    }
  });

  it('never counts 409, 412 or 404 as passing: a conflict stays 409, a missing document stays missing', async () => {
    const store = await open();
    const disputes = store.collection<BaseDoc>('disputes');
    // The read before the write finds the document; the replace itself is refused.
    sdk.failure = cosmosError(412);
    const precondition = await answerTo(() => disputes.replace({ id: 'd1', pk: 'p' }, { ifMatch: 'e1' }));
    expect(precondition.error).toBeInstanceOf(StoreConflictError);
    expect(precondition.status).toBe(409);
    sdk.failure = cosmosError(409);
    const taken = await answerTo(() => disputes.create({ id: 'd1', pk: 'p' }));
    expect(taken.error).toBeInstanceOf(StoreConflictError);
    expect(taken.status).toBe(409);
    sdk.readFailure = cosmosError(404);
    expect(await disputes.read('p', 'd1')).toBeUndefined();
    sdk.failure = cosmosError(403);
    expect((await answerTo(() => disputes.upsert({ id: 'd1', pk: 'p' }))).status).toBe(500);
  });
});

describe('Blob Storage', () => {
  const blobs = () => createAzureBlobs({ kind: 'azure-blob', connectionString: 'UseDevelopmentStorage=true' });

  it('answers 500, 503, timeouts and a request never answered with 503 and Retry-After', async () => {
    const port = blobs();
    for (const failure of [
      new RestError('Internal error', { statusCode: 500 }),
      new RestError('Server busy', { statusCode: 503 }),
      new RestError('Gateway timeout', { statusCode: 504 }),
      new RestError('Request timeout', { statusCode: 408 }),
      new RestError('socket hang up', { code: RestError.REQUEST_SEND_ERROR }),
      networkError('ECONNRESET'),
    ]) {
      sdk.failure = failure;
      for (const act of [
        () => port.downloadBuffer('attachments', 'a.pdf'),
        () => port.properties('attachments', 'a.pdf'),
        () => port.upload('attachments', 'a.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' }),
        () => port.ping(),
      ]) {
        const answer = await answerTo(act);
        expect(answer.error, failure.message).toBeInstanceOf(DependencyUnavailableError);
        expect((answer.error as DependencyUnavailableError).dependency).toBe('blobs');
        expect(answer).toMatchObject({ status: 503, retryAfter: '5' });
      }
    }
  });

  it('keeps a missing blob missing and a refused overwrite of a write-once blob a refusal, not an outage', async () => {
    const port = blobs();
    sdk.failure = new RestError('Not found', { statusCode: 404 });
    expect(await port.properties('attachments', 'a.pdf')).toBeUndefined();
    sdk.failure = new RestError('Condition not met', { statusCode: 412 });
    const refused = await answerTo(() =>
      port.upload('records', 'x.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' }),
    );
    expect(refused.error).toBeInstanceOf(WriteOnceError);
    expect(refused.status).toBe(409);
    sdk.failure = new RestError('Forbidden', { statusCode: 403 });
    expect((await answerTo(() => port.downloadBuffer('attachments', 'a.pdf'))).status).toBe(500);
  });
});

describe('Service Bus', () => {
  const queue = () =>
    createServiceBusQueue({ connectionString: 'Endpoint=sb://x.invalid/;SharedAccessKeyName=k;SharedAccessKey=a2V5' });

  it('answers busy, timed out and communication problems with 503 and Retry-After', async () => {
    const port = queue();
    for (const failure of [
      new ServiceBusError('The service is busy.', 'ServiceBusy'),
      new ServiceBusError('The operation timed out.', 'ServiceTimeout'),
      new ServiceBusError('Connection lost.', 'ServiceCommunicationProblem'),
      networkError('ECONNREFUSED'),
    ]) {
      sdk.failure = failure;
      for (const act of [
        () => port.send('decision-jobs', { jobId: 'j1' }),
        () => port.sendAt('decision-jobs', { jobId: 'j1' }, new Date(0)),
        () => port.ping(),
      ]) {
        const answer = await answerTo(act);
        expect(answer.error, failure.message).toBeInstanceOf(DependencyUnavailableError);
        expect((answer.error as DependencyUnavailableError).dependency).toBe('queue');
        expect(answer).toMatchObject({ status: 503, retryAfter: '5' });
      }
    }
    await port.close();
  });

  it('keeps a missing queue, a quota or refused access an error of its own (500)', async () => {
    const port = queue();
    for (const code of ['MessagingEntityNotFound', 'QuotaExceeded', 'UnauthorizedAccess'] as const) {
      sdk.failure = new ServiceBusError('No.', code);
      const answer = await answerTo(() => port.send('decision-jobs', { jobId: 'j1' }));
      expect(answer.error).not.toBeInstanceOf(DependencyUnavailableError);
      expect(answer.status).toBe(500);
    }
    await port.close();
  });
});

describe('isNetworkFailure', () => {
  it('finds a reset connection in the error or the errors it wraps, and nothing else', () => {
    expect(isNetworkFailure(networkError('ECONNRESET'))).toBe(true);
    expect(isNetworkFailure(new Error('outer', { cause: networkError('ETIMEDOUT') }))).toBe(true);
    expect(isNetworkFailure(Object.assign(new Error('t'), { name: 'TimeoutError' }))).toBe(true);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
    expect(isNetworkFailure(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe(false);
  });
});
