import { refusal } from '@ratkaisu/core';
import type { Readable } from 'node:stream';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { BlobContainer } from '../../ports/blobs.js';

export const FILE_NOT_FOUND_MESSAGE = refusal('uploads.fileNotFound').message;

/** A stored file opened for streaming to the caller. */
export interface FileStream {
  stream: Readable;
  size: number;
  fileName: string;
  contentType: string;
}

/**
 * Opens a stored PDF for download under its display name. A record whose blob
 * is missing (never written, or deleted) is a 404 like an unknown file. Only
 * PDFs are ever stored, so the type is fixed rather than taken from the blob.
 */
export async function openBlobDownload(
  deps: Pick<Deps, 'blobs'>,
  container: BlobContainer,
  blobName: string | undefined,
  fileName: string,
): Promise<FileStream> {
  const download = blobName ? await deps.blobs.download(container, blobName) : undefined;
  if (!download) throw new NotFoundError(refusal('uploads.fileNotFound'));
  return { stream: download.stream, size: download.size, fileName, contentType: 'application/pdf' };
}
