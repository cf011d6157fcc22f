import { Readable } from 'node:stream';
import { DefaultAzureCredential, type TokenCredential } from '@azure/identity';
import {
  BlobServiceClient,
  RestError,
  type BlockBlobClient,
  type ContainerClient,
  type StoragePipelineOptions,
} from '@azure/storage-blob';
import { WriteOnceError } from '../../errors.js';
import {
  BLOB_CONTAINERS,
  isWriteOnce,
  type BlobContainer,
  type BlobDownload,
  type BlobProperties,
  type BlobRetention,
  type Blobs,
} from '../../ports/blobs.js';
import { systemClock, type Clock } from '../../ports/clock.js';
import { isNetworkFailure, mapTransientFailures } from '../transient-failures.js';

export interface AzureBlobsOptions {
  kind: 'azurite' | 'azure-blob';
  /** Account key or SAS connection string (Azurite always uses one). */
  connectionString?: string;
  /** `https://<account>.blob.core.windows.net`, authenticated with Entra ID. */
  accountUrl?: string;
  /** With `accountUrl`; defaults to `DefaultAzureCredential` (managed identity in Azure). */
  credential?: TokenCredential;
  /**
   * How long a blob in a write-once container is kept (ports/blobs.ts WRITE_ONCE_CONTAINERS): its retention
   * ends this many days after it was written. Default 3653 (ten years; docs/operations.md says why).
   */
  writeOnceRetentionDays?: number;
  /** The clock that dates write-once blobs and decides when their retention has ended. */
  clock?: Clock;
}

/** The blob metadata that carries a write-once blob's end of retention (metadata names are lower-case). */
export const RETAIN_UNTIL_METADATA = 'retainuntil';
const DEFAULT_WRITE_ONCE_RETENTION_DAYS = 3653;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Block size and parallelism of streamed uploads. The SDK fills at most
 * UPLOAD_CONCURRENCY blocks and sends three quarters of that many at once, so
 * with four 1 MiB blocks three are on their way while the fourth fills from
 * the request: an upload holds about 5 MiB whatever the file's size (so
 * twenty uploads at once fit a small instance), and reading the request
 * overlaps with writing the blob. Measured
 * as the upload benchmark does (20 MB through the host against straight to
 * the blobs): three blocks (none left to fill while three are sent) cut the
 * throughput by a quarter; five or six gained nothing measurable.
 */
const UPLOAD_BLOCK_BYTES = 1024 * 1024;
const UPLOAD_CONCURRENCY = 4;
const PING_TIMEOUT_MS = 5_000;

/**
 * Statuses that pass if the request is tried again shortly (docs/operations.md "Transient failures"): a
 * timeout (408, 504), the service's own failure or a gateway's (500, 502), the service busy (503). Never 404,
 * 409 or 412: those are answers about the blob.
 */
const TRANSIENT_STATUSES = new Set([408, 500, 502, 503, 504]);

/** A Blob Storage failure that may pass: a transient status, or a request that never got an answer. */
export function isBlobTransient(error: unknown): boolean {
  if (error instanceof RestError) {
    if (error.statusCode !== undefined) return TRANSIENT_STATUSES.has(error.statusCode);
    if (error.code === RestError.REQUEST_SEND_ERROR) return true;
  }
  return isNetworkFailure(error);
}

/** The port's methods that answer a promise: a failure of theirs that may pass is a 503 to the caller. */
const BLOB_METHODS = [
  'upload',
  'download',
  'downloadRange',
  'downloadBuffer',
  'properties',
  'delete',
  'retention',
  'ping',
] as const;

/**
 * The Blobs port over `@azure/storage-blob`; the same code serves Azure Blob Storage
 * in production and Azurite locally (docs/architecture.md rule 3). Containers are private. A failure that
 * may pass (isBlobTransient) is thrown as a `DependencyUnavailableError`.
 */
export function createAzureBlobs(options: AzureBlobsOptions): Blobs {
  return mapTransientFailures(blobsOver(options), BLOB_METHODS, 'blobs', isBlobTransient);
}

function blobsOver(options: AzureBlobsOptions): Blobs {
  // One credential for both clients, so they share its token cache.
  const resolved: AzureBlobsOptions =
    !options.connectionString && options.accountUrl && !options.credential
      ? { ...options, credential: new DefaultAzureCredential() }
      : options;
  const service = serviceClient(resolved);
  // Health checks must answer fast: one try, short timeout, instead of the SDK's retries.
  const pingService = serviceClient(resolved, { retryOptions: { maxTries: 1, tryTimeoutInMs: PING_TIMEOUT_MS } });
  const containers = new Map<BlobContainer, ContainerClient>();
  const container = (name: BlobContainer): ContainerClient => {
    let client = containers.get(name);
    if (!client) {
      client = service.getContainerClient(name);
      containers.set(name, client);
    }
    return client;
  };
  const blob = (containerName: BlobContainer, name: string): BlockBlobClient =>
    container(containerName).getBlockBlobClient(name);
  const clock = options.clock ?? systemClock;
  const retentionMs = (options.writeOnceRetentionDays ?? DEFAULT_WRITE_ONCE_RETENTION_DAYS) * DAY_MS;

  /** The write-once rule for a blob as read from its properties. */
  const retentionOf = (containerName: BlobContainer, metadata: Record<string, string> | undefined): BlobRetention => {
    if (!isWriteOnce(containerName)) return { writeOnce: false, locked: false };
    const retainUntil = metadata?.[RETAIN_UNTIL_METADATA];
    // A write-once blob without a readable date was not written by this adapter: kept, never guessed free.
    const until = retainUntil ? Date.parse(retainUntil) : Number.NaN;
    return {
      writeOnce: true,
      ...(retainUntil ? { retainUntil } : {}),
      locked: Number.isNaN(until) || until > clock.now().getTime(),
    };
  };

  return {
    kind: options.kind,

    async init() {
      // No `access` option: the containers are private (no anonymous reads).
      for (const name of BLOB_CONTAINERS) await container(name).createIfNotExists();
    },

    async upload(containerName, name, body, { contentType, metadata }) {
      const client = blob(containerName, name);
      const writeOnce = isWriteOnce(containerName);
      const uploadOptions = {
        blobHTTPHeaders: { blobContentType: contentType },
        metadata: writeOnce
          ? { ...metadata, [RETAIN_UNTIL_METADATA]: new Date(clock.now().getTime() + retentionMs).toISOString() }
          : metadata,
        // Write-once: the service itself refuses to replace a blob of that name (If-None-Match: *), so two
        // writers racing for one name cannot both win.
        ...(writeOnce ? { conditions: { ifNoneMatch: '*' } } : {}),
      };
      try {
        if (body instanceof Readable) {
          // Streamed in blocks, so a large upload never sits in memory whole.
          await client.uploadStream(body, UPLOAD_BLOCK_BYTES, UPLOAD_CONCURRENCY, uploadOptions);
          // The commit response carries no size; ask once rather than count bytes in transit.
          const properties = await client.getProperties();
          return toProperties(properties, contentType);
        }
        const response = await client.uploadData(body, uploadOptions);
        return { contentType, size: body.byteLength, etag: response.etag ?? '' };
      } catch (error) {
        if (writeOnce && error instanceof RestError && (error.statusCode === 409 || error.statusCode === 412)) {
          throw new WriteOnceError(containerName, name, 'overwrite');
        }
        throw error;
      }
    },

    async download(containerName, name) {
      return ifFound(async (): Promise<BlobDownload> => {
        const response = await blob(containerName, name).download();
        const body = response.readableStreamBody;
        if (!body) throw new Error('The blob download returned no body stream.');
        return {
          ...toProperties(response),
          // In Node the SDK's body is a Readable (an IncomingMessage, possibly wrapped for retries).
          stream: body instanceof Readable ? body : Readable.from(body as AsyncIterable<Buffer>),
        };
      });
    },

    async downloadRange(containerName, name, offset, count) {
      return ifFound(async () => {
        const client = blob(containerName, name);
        // A count of 0 means "to the end" to the SDK.
        if (count <= 0) {
          await client.getProperties();
          return Buffer.alloc(0);
        }
        // Not downloadToBuffer: it insists on `count` bytes, and a range may run past the blob's end.
        const response = await client.download(offset, count);
        const chunks: Buffer[] = [];
        for await (const chunk of response.readableStreamBody ?? []) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      });
    },

    async downloadBuffer(containerName, name) {
      return ifFound(() => blob(containerName, name).downloadToBuffer());
    },

    async properties(containerName, name) {
      return ifFound(async () => toProperties(await blob(containerName, name).getProperties()));
    },

    async delete(containerName, name) {
      const client = blob(containerName, name);
      if (!isWriteOnce(containerName)) {
        const response = await client.deleteIfExists({ deleteSnapshots: 'include' });
        return response.succeeded;
      }
      const properties = await ifFound(() => client.getProperties());
      if (!properties) return false;
      const retention = retentionOf(containerName, properties.metadata);
      if (retention.locked) throw new WriteOnceError(containerName, name, 'delete', retention.retainUntil);
      // Only the version whose retention was read goes (If-Match), never one written after the check.
      const response = await client.deleteIfExists({
        deleteSnapshots: 'include',
        ...(properties.etag ? { conditions: { ifMatch: properties.etag } } : {}),
      });
      return response.succeeded;
    },

    async retention(containerName, name) {
      return ifFound(async () =>
        retentionOf(containerName, (await blob(containerName, name).getProperties()).metadata),
      );
    },

    async *list(containerName) {
      for await (const page of container(containerName).listBlobsFlat().byPage({ maxPageSize: 1000 })) {
        for (const item of page.segment.blobItems) yield item.name;
      }
    },

    async ping() {
      // A container-level call works with data-plane roles only (managed identity), unlike
      // account-level calls; `exists` answers false on 404 and throws when unreachable or denied.
      await pingService.getContainerClient(BLOB_CONTAINERS[0]).exists();
    },
  };
}

function serviceClient(options: AzureBlobsOptions, pipeline?: StoragePipelineOptions): BlobServiceClient {
  if (options.connectionString) return BlobServiceClient.fromConnectionString(options.connectionString, pipeline);
  if (options.accountUrl) {
    return new BlobServiceClient(options.accountUrl, options.credential ?? new DefaultAzureCredential(), pipeline);
  }
  throw new Error(
    options.kind === 'azurite'
      ? 'Azurite blobs need a connection string.'
      : 'Blob Storage needs AZURE_STORAGE_CONNECTION_STRING or AZURE_STORAGE_ACCOUNT_URL.',
  );
}

function toProperties(
  response: { contentType?: string; contentLength?: number; etag?: string },
  fallbackContentType = 'application/octet-stream',
): BlobProperties {
  return {
    contentType: response.contentType ?? fallbackContentType,
    size: response.contentLength ?? 0,
    etag: response.etag ?? '',
  };
}

/** Runs `read`, turning "blob (or container) not found" into undefined. */
async function ifFound<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof RestError && error.statusCode === 404) return undefined;
    throw error;
  }
}
