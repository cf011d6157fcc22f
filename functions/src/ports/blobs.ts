import type { Readable } from 'node:stream';

/** Binary files (uploaded PDFs, generated results). Production: Blob Storage; local: Azurite. */
export const BLOB_CONTAINERS = ['attachments', 'workfiles', 'results', 'text', 'anonymous'] as const;
export type BlobContainer = (typeof BLOB_CONTAINERS)[number];

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
  /** Streams `body` into the blob, replacing any blob of that name. */
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
  /** Returns false when there was nothing to delete. */
  delete(container: BlobContainer, name: string): Promise<boolean>;
  /** Throws when the blob service cannot be reached. */
  ping(): Promise<void>;
}
