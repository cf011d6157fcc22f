import type { HttpRequest } from '@azure/functions';
import { refusal, UPLOAD_FIELD } from '@ratkaisu/core';
import busboy from 'busboy';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import {
  fieldTooLongMessage,
  INTERRUPTED_UPLOAD_MESSAGE,
  MALFORMED_UPLOAD_MESSAGE,
  UploadLimitError,
  type UploadFilePart,
  type UploadForm,
  type UploadLimits,
  type UploadReading,
} from '../context/multipart.js';
import { BadRequestError, UnsupportedMediaTypeError } from '../errors.js';

/** Most text fields in one form, and most header lines in one part: far above what any client of ours sends. */
const MAX_TEXT_FIELDS = 20;
const MAX_HEADER_PAIRS = 20;

/**
 * The upload form of a request, refused with 415 unless it is
 * multipart/form-data with a boundary. Nothing is read here: the service
 * reads the parts (UploadForm.read) under the limits it sets.
 */
export function readMultipart(request: HttpRequest, field: string = UPLOAD_FIELD): UploadForm {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(contentType)) {
    throw new UnsupportedMediaTypeError(refusal('requests.formOnly', { field }));
  }
  const declared = request.headers.get('content-length');
  const body = request.body as ReadableStream<Uint8Array> | null;
  let started = false;
  return {
    contentLength: declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : undefined,
    read(limits) {
      if (started) throw new Error('An upload form is read once.');
      started = true;
      return parseMultipart(body, contentType, limits);
    },
  };
}

/**
 * Parses a multipart/form-data body with busboy as it arrives. File parts of
 * `limits.fileField` are handed on one at a time, each as a stream the caller
 * reads (busboy waits for it: backpressure reaches the socket, nothing piles
 * up here); text fields named in `limits.textFields` are collected, others
 * and other file parts are skipped. Everything that can go wrong with the
 * transport ends the iteration with a catalogued error (see UploadReading).
 */
export function parseMultipart(
  body: ReadableStream<Uint8Array> | Readable | null,
  contentType: string,
  limits: UploadLimits,
): UploadReading {
  const fields: Record<string, string> = {};
  return { files: body ? fileParts(body, contentType, limits, fields) : noParts(), fields };
}

/** An empty body is an empty form. */
async function* noParts(): AsyncGenerator<UploadFilePart> {}

async function* fileParts(
  body: ReadableStream<Uint8Array> | Readable,
  contentType: string,
  limits: UploadLimits,
  fields: Record<string, string>,
): AsyncGenerator<UploadFilePart> {
  const textFields = limits.textFields ?? {};
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as raw UTF-8; busboy's default would read them as Latin-1.
      defParamCharset: 'utf8',
      // The whole name reaches the service, which strips markup before taking the last path segment.
      preservePath: true,
      limits: {
        // busboy reports 'limit' on reaching its size, so one byte more: a file of exactly the limit fits.
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: MAX_TEXT_FIELDS,
        fieldSize: Math.max(1024, ...Object.values(textFields)),
        parts: limits.maxFiles + MAX_TEXT_FIELDS,
        headerPairs: MAX_HEADER_PAIRS,
      },
    });
  } catch {
    throw new BadRequestError(MALFORMED_UPLOAD_MESSAGE);
  }
  const source = body instanceof Readable ? body : Readable.fromWeb(body);
  const queue: UploadFilePart[] = [];
  let current: Readable | undefined;
  let failure: Error | undefined;
  let closed = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const stop = () => {
    source.unpipe(parser);
    source.destroy();
    // Not at once: this may run inside busboy's own write (its 'limit' event), which goes on using the part.
    setImmediate(() => parser.destroy());
  };
  const fail = (error: Error) => {
    if (failure || closed) return;
    failure = error;
    // The part being read fails with the form, so whoever reads it learns at once.
    for (const part of [current, ...queue.map((queued) => queued.stream)]) part?.destroy(error);
    stop();
    notify();
  };

  source.on('error', () => fail(new BadRequestError(INTERRUPTED_UPLOAD_MESSAGE)));
  parser.on('error', () => fail(new BadRequestError(MALFORMED_UPLOAD_MESSAGE)));
  parser.on('filesLimit', () => fail(new UploadLimitError('files')));
  parser.on('partsLimit', () => fail(new BadRequestError(MALFORMED_UPLOAD_MESSAGE)));
  parser.on('fieldsLimit', () => fail(new BadRequestError(MALFORMED_UPLOAD_MESSAGE)));
  parser.on('file', (name: string, file: Readable, info: busboy.FileInfo) => {
    if (failure || name !== limits.fileField) {
      file.resume();
      return;
    }
    file.on('limit', () => fail(new UploadLimitError('fileSize')));
    // busboy ends a part with an error when the form breaks off; the whole form fails then.
    file.on('error', () => fail(new BadRequestError(MALFORMED_UPLOAD_MESSAGE)));
    queue.push({
      fieldName: name,
      fileName: fromFormDataEscapes(info.filename ?? ''),
      mimeType: info.mimeType,
      stream: file,
    });
    notify();
  });
  parser.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
    const max = textFields[name];
    if (failure || max === undefined) return;
    if (info.valueTruncated || Buffer.byteLength(value, 'utf8') > max) {
      fail(new BadRequestError(fieldTooLongMessage(name, max)));
      return;
    }
    fields[name] = value;
  });
  parser.on('close', () => {
    closed = true;
    notify();
  });
  source.pipe(parser);

  try {
    for (;;) {
      if (failure) throw failure;
      const next = queue.shift();
      if (next) {
        current = next.stream;
        yield next;
        current = undefined;
        continue;
      }
      if (closed) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    // Left early (the service refused the form, or failed): stop reading the body.
    if (!closed && !failure) {
      failure = new BadRequestError(INTERRUPTED_UPLOAD_MESSAGE);
      current?.resume();
      stop();
    }
  }
}

/**
 * Browsers (the WHATWG form-data encoding) send `"`, CR and LF in a file name
 * as %22, %0D and %0A; decoded, the name reads as the user chose it (CR and
 * LF are then removed with the other control characters).
 */
function fromFormDataEscapes(name: string): string {
  return name.replace(/%(22|0d|0a)/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
