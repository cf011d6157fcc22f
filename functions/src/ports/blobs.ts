import type { Readable } from 'node:stream';

/** Binary files (uploaded PDFs, generated results). Production: Blob Storage; local: Azurite. */
export const BLOB_CONTAINERS = ['attachments', 'workfiles', 'results', 'text', 'anonymous', 'records'] as const;
export type BlobContainer = (typeof BLOB_CONTAINERS)[number];

/**
 * The write-once containers (docs/operations.md "Write-once records"): what is written there can be neither
 * overwritten nor deleted before its retention ends. Issued awards, corrections, decisions on requests, sealed
 * accepted decisions, receipts and the audit chain's checkpoints keep their original here. On Azure the
 * container's version-level immutability policy enforces it (infra/modules/storage.bicep); every adapter
 * enforces it too, so the rule holds on Azurite and a caller learns of it before the service refuses.
 */
export const WRITE_ONCE_CONTAINERS: readonly BlobContainer[] = ['records'];

/** Whether `container` keeps what is written to it (see WRITE_ONCE_CONTAINERS). */
export const isWriteOnce = (container: BlobContainer): boolean => WRITE_ONCE_CONTAINERS.includes(container);

/** The write-once rule as a caller can read it before deleting (retention sweeps, a tenant's deletion). */
export interface BlobRetention {
  /** True in a write-once container. */
  writeOnce: boolean;
  /** When the blob may be deleted (ISO 8601); undefined outside a write-once container. */
  retainUntil?: string;
  /** True when a delete now would be refused. */
  locked: boolean;
}

export interface BlobProperties {
  contentType: string;
  size: number;
  etag: string;
}

export interface BlobDownload extends BlobProperties {
  stream: Readable;
}

export interface Blobs {
  readonly kind: 'azurite' | 'azure-blob';
  /** Creates the containers if they are missing. Called once at start-up. */
  init(): Promise<void>;
  /**
   * Streams `body` into the blob, replacing any blob of that name — except in a write-once container, where a
   * blob of that name already there is kept and the upload refused (WriteOnceError); the blob is then kept
   * until its retention ends (`retention`).
   */
  upload(
    container: BlobContainer,
    name: string,
    body: Readable | Buffer | Uint8Array,
    options: { contentType: string; metadata?: Record<string, string> },
  ): Promise<BlobProperties>;
  /** Streams the blob out, or undefined when it does not exist. */
  download(container: BlobContainer, name: string): Promise<BlobDownload | undefined>;
  /**
   * Reads `count` bytes from `offset` (fewer at the blob's end), or undefined when the blob does not exist.
   * How a large stored file is read a little at a time (pdf.js checking an upload by ranges).
   */
  downloadRange(container: BlobContainer, name: string, offset: number, count: number): Promise<Buffer | undefined>;
  /** Reads a whole blob into memory, or undefined when it does not exist. For small blobs only. */
  downloadBuffer(container: BlobContainer, name: string): Promise<Buffer | undefined>;
  properties(container: BlobContainer, name: string): Promise<BlobProperties | undefined>;
  /**
   * Returns false when there was nothing to delete. In a write-once container a blob whose retention has not
   * ended is kept and the delete refused (WriteOnceError).
   */
  delete(container: BlobContainer, name: string): Promise<boolean>;
  /** The write-once rule for one blob, or undefined when it does not exist: what a sweep asks before deleting. */
  retention(container: BlobContainer, name: string): Promise<BlobRetention | undefined>;
  /** Every blob's name in `container`, in pages (for backups and exports; never loads the container whole). */
  list(container: BlobContainer): AsyncIterable<string>;
  /** Throws when the blob service cannot be reached. */
  ping(): Promise<void>;
}
