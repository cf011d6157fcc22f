import type { HttpRequest } from '@azure/functions';
import { UPLOAD_FIELD } from '@ratkaisu/core';
import type { ReadableStream } from 'node:stream/web';
import { UnsupportedMediaTypeError } from '../errors.js';

import type { UploadBody } from '../context/upload-body.js';

export type { UploadBody } from '../context/upload-body.js';

/**
 * The upload body of a request, refused with 415 unless it is
 * multipart/form-data with a boundary. Nothing is read here.
 */
export function readUpload(request: HttpRequest, field: string = UPLOAD_FIELD): UploadBody {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(contentType)) {
    throw new UnsupportedMediaTypeError(`Send the files as multipart/form-data, one part named "${field}" per file.`);
  }
  const declared = request.headers.get('content-length');
  return {
    contentType,
    contentLength: declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : undefined,
    stream: request.body as ReadableStream<Uint8Array> | null,
  };
}
