import type { ReadableStream } from 'node:stream/web';

/** A multipart/form-data upload body as the HTTP layer hands it on: nothing of it read yet. */
export interface UploadBody {
  /** The whole header, boundary included. */
  contentType: string;
  /** Declared Content-Length; undefined for a chunked body. */
  contentLength: number | undefined;
  stream: ReadableStream<Uint8Array> | null;
}
