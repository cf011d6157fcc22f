import {
  duplicateFileNames,
  duplicateFilesMessage,
  MAX_FILE_NAME_LENGTH,
  MAX_FILES_PER_PHASE,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  withinUploadLimit,
} from '@ratkaisu/core';
import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { Deps } from '../../deps.js';
import {
  BadRequestError,
  DomainError,
  DuplicateFileNameError,
  NotPdfError,
  PayloadTooLargeError,
} from '../../errors.js';
import type { UploadBody } from '../../context/upload-body.js';
import { hasPdfHeader, inspectPdf, PDF_HEADER_WINDOW, type PdfInspection } from '../../pdf/pdf-inspector.js';
import type { BlobContainer } from '../../ports/blobs.js';
import { fileNameKey, sanitizeFileName } from './sanitize-file-name.js';

export const NO_FILES_MESSAGE = 'Choose at least one PDF file to upload.';
export const MALFORMED_UPLOAD_MESSAGE = 'The upload could not be read as multipart/form-data. Please try again.';
export const INTERRUPTED_UPLOAD_MESSAGE = 'The upload was interrupted. Please try again.';

export interface UploadTarget {
  container: BlobContainer;
  /** Blobs are written as `<blobPrefix>/<random uuid>`, never under the user's file name. */
  blobPrefix: string;
  /** Names already where the files go (the phase, the side's work files): duplicates are refused. */
  existingNames: readonly string[];
  /** Said when the target would hold more than MAX_FILES_PER_PHASE files. */
  fullMessage: string;
  /** The form field of the files; default UPLOAD_FIELD (`file`). */
  field?: string;
  /** The blob name of the n-th file (from 0), instead of `<blobPrefix>/<random uuid>`. */
  blobName?: (index: number) => string;
  /** Most file bytes in all (default: the configured MAX_UPLOAD_BYTES), and what a 413 then says. */
  maxTotalBytes?: number;
  tooLargeMessage?: string;
  /** Said when the form holds no file; default NO_FILES_MESSAGE. */
  noFilesMessage?: string;
  /** Files of the same name are accepted (their names are not keys where they go). */
  allowDuplicateNames?: boolean;
  /** Text fields read (by name, with their longest allowed length in bytes); every other field is ignored. */
  textFields?: Readonly<Record<string, number>>;
}

/** A received form: its files (blobs written) and the text fields asked for that it carried. */
export interface ReceivedForm {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

export interface ReceivedFile {
  /** Sanitised display name. */
  fileName: string;
  blobName: string;
  size: number;
}

/**
 * Reads a multipart upload part by part and streams each `file` part into
 * the Blobs port while it arrives; the whole request is never buffered.
 * Each stored part is also copied into one buffer of its own, which pdf.js
 * (on a worker thread) gets without a further copy once the part has ended.
 * All or nothing: answers the files (their blobs written) only when every one
 * is a PDF by content with a usable, unique name; otherwise every blob this
 * request wrote is deleted and a domain error says why, in this order:
 * not_pdf (names listed), a name too long, duplicate names, too many files.
 * A body over MAX_UPLOAD_BYTES is a 413. The caller owns the returned blobs:
 * if it cannot record them, it deletes them (deleteReceivedBlobs).
 */
export async function receivePdfUploads(
  deps: Pick<Deps, 'blobs' | 'config' | 'log'>,
  body: UploadBody,
  target: UploadTarget,
): Promise<ReceivedFile[]> {
  return (await receivePdfForm(deps, body, target)).files;
}

/** receivePdfUploads, also answering the text fields named in `target.textFields`. */
export async function receivePdfForm(
  deps: Pick<Deps, 'blobs' | 'config' | 'log'>,
  body: UploadBody,
  target: UploadTarget,
): Promise<ReceivedForm> {
  const reception = new Reception(deps, body, target);
  try {
    await reception.read();
    return { files: await reception.verdict(), fields: reception.fields };
  } catch (error) {
    await reception.discard();
    throw error;
  }
}

/** The text field is longer than the target allows. */
export function fieldTooLongMessage(name: string): string {
  return `The form field "${name}" is too long.`;
}

/** Deletes the blobs of received files that could not be recorded; failures are logged, not thrown. */
export async function deleteReceivedBlobs(
  deps: Pick<Deps, 'blobs' | 'log'>,
  container: BlobContainer,
  blobNames: readonly string[],
): Promise<void> {
  const results = await Promise.allSettled(blobNames.map((name) => deps.blobs.delete(container, name)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      deps.log.error('Deleting the blob of a refused upload failed', {
        container,
        blobName: blobNames[index],
        error: result.reason,
      });
    }
  });
}

/**
 * Browsers (the WHATWG form-data encoding) send `"`, CR and LF in a file name
 * as %22, %0D and %0A; decoded, the name reads as the user chose it (CR and
 * LF are then removed with the other control characters).
 */
function fromFormDataEscapes(name: string): string {
  return name.replace(/%(22|0d|0a)/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

interface Part {
  fileName: string;
  size: number;
  nameNotPdf: boolean;
  nameTooLong: boolean;
  duplicate: boolean;
  /** No %PDF- header in the first PDF_HEADER_WINDOW bytes. */
  contentNotPdf: boolean;
  blobName?: string;
  /** The blob write, settled: undefined when written, else why not. */
  stored?: Promise<unknown>;
  inspection?: Promise<PdfInspection>;
  /** Stops writing the blob and drains the rest of the part. */
  abandon?: (reason: Error) => void;
  /** The part has been read to its end. */
  done: Promise<void>;
}

/** Why a blob write was given up on purpose; never reported as a storage failure. */
class AbandonedUpload extends Error {}

/** Resizable ArrayBuffer (ES2024, in Node 20) is not in the ES2023 lib this project compiles against. */
interface GrowableBuffer extends ArrayBuffer {
  readonly maxByteLength: number;
  resize(byteLength: number): void;
}
const GrowableBuffer = ArrayBuffer as unknown as new (
  byteLength: number,
  options: { maxByteLength: number },
) => GrowableBuffer;

/**
 * The copy of one part for pdf.js. Address space for the most the part can be
 * is reserved up front and memory is committed as bytes arrive, so it grows
 * in place, is never copied to grow, and ends exactly as long as the file:
 * pdf.js then takes it as is, and it moves to the worker thread whole.
 */
class PartBuffer {
  private readonly buffer: GrowableBuffer;
  private length = 0;

  constructor(capacity: number) {
    this.buffer = new GrowableBuffer(0, { maxByteLength: capacity });
  }

  /** False when the part is larger than the capacity. */
  append(chunk: Uint8Array): boolean {
    const end = this.length + chunk.length;
    if (end > this.buffer.maxByteLength) return false;
    this.buffer.resize(end);
    new Uint8Array(this.buffer, this.length, chunk.length).set(chunk);
    this.length = end;
    return true;
  }

  bytes(): Uint8Array {
    return new Uint8Array(this.buffer);
  }

  release(): void {
    this.buffer.resize(0);
  }
}

/** Looks for %PDF- in a part's first bytes as they arrive. */
class HeaderCheck {
  private head = Buffer.alloc(0);
  /** undefined until decided. */
  verdict: boolean | undefined;

  push(chunk: Uint8Array): void {
    if (this.verdict !== undefined) return;
    this.head = Buffer.concat([this.head, chunk.subarray(0, PDF_HEADER_WINDOW - this.head.length)]);
    if (hasPdfHeader(this.head)) this.verdict = true;
    else if (this.head.length >= PDF_HEADER_WINDOW) this.verdict = false;
  }

  /** At the part's end: a short file decides on what there is. */
  finish(): boolean {
    this.verdict ??= hasPdfHeader(this.head);
    return this.verdict;
  }
}

class Reception {
  private readonly parts: Part[] = [];
  private readonly takenNames: Set<string>;
  private readonly room: number;
  private readonly limit: number;
  private readonly field: string;
  /** The text fields read so far (those named in target.textFields). */
  readonly fields: Record<string, string> = {};
  private fileBytes = 0;
  private tooMany = false;
  /** A refusal is already certain: later parts are checked but not stored. */
  private doomed = false;
  private fatal: ((error: Error) => void) | undefined;

  constructor(
    private readonly deps: Pick<Deps, 'blobs' | 'config' | 'log'>,
    private readonly body: UploadBody,
    private readonly target: UploadTarget,
  ) {
    this.takenNames = new Set(target.existingNames.map(fileNameKey));
    this.room = MAX_FILES_PER_PHASE - target.existingNames.length;
    this.limit = target.maxTotalBytes ?? deps.config.limits.maxUploadBytes;
    this.field = target.field ?? UPLOAD_FIELD;
  }

  private tooLarge(): DomainError {
    return this.target.tooLargeMessage
      ? new DomainError('payload_too_large', 413, this.target.tooLargeMessage)
      : new PayloadTooLargeError(this.limit);
  }

  /** Reads the whole body; rejects at once on a fatal problem (too large, malformed, interrupted). */
  read(): Promise<void> {
    const stream = this.body.stream;
    if (!stream) return Promise.reject(new BadRequestError(this.target.noFilesMessage ?? NO_FILES_MESSAGE));
    return new Promise<void>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { 'content-type': this.body.contentType },
          // Browsers send file names as raw UTF-8; busboy's default would read them as Latin-1.
          defParamCharset: 'utf8',
          // The whole name reaches sanitizeFileName, which strips markup before taking the last path segment.
          preservePath: true,
          limits: {
            // busboy reports 'limit' on reaching its size, so one byte more: a file of exactly the limit fits
            // (withinUploadLimit decides, in count()).
            fileSize: this.limit + 1,
            files: MAX_FILES_PER_PHASE,
            fields: 20,
            fieldSize: Math.max(1024, ...Object.values(this.target.textFields ?? {})),
            parts: MAX_FILES_PER_PHASE + 20,
            headerPairs: 20,
          },
        });
      } catch {
        reject(new BadRequestError(MALFORMED_UPLOAD_MESSAGE));
        return;
      }
      const source = Readable.fromWeb(stream);
      let settled = false;
      this.fatal = (error) => {
        if (settled) return;
        settled = true;
        for (const part of this.parts) part.abandon?.(new AbandonedUpload());
        source.unpipe(parser);
        source.destroy();
        // Not at once: this may run inside busboy's own write (its 'limit' event), which goes on using the part.
        setImmediate(() => parser.destroy());
        reject(error);
      };
      const fail = this.fatal;
      source.on('error', () => fail(new BadRequestError(INTERRUPTED_UPLOAD_MESSAGE)));
      parser.on('error', () => fail(new BadRequestError(MALFORMED_UPLOAD_MESSAGE)));
      parser.on('filesLimit', () => fail(new BadRequestError(this.target.fullMessage)));
      parser.on('partsLimit', () => fail(new BadRequestError(MALFORMED_UPLOAD_MESSAGE)));
      parser.on('fieldsLimit', () => fail(new BadRequestError(MALFORMED_UPLOAD_MESSAGE)));
      parser.on('file', (field: string, file: Readable & { truncated?: boolean }, info: busboy.FileInfo) => {
        if (settled || field !== this.field) {
          file.resume();
          return;
        }
        this.receive(file, fromFormDataEscapes(info.filename ?? ''));
      });
      parser.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
        const max = this.target.textFields?.[name];
        // Other fields are ignored, as the contract says.
        if (settled || max === undefined) return;
        if (info.valueTruncated || Buffer.byteLength(value, 'utf8') > max) {
          fail(new BadRequestError(fieldTooLongMessage(name)));
          return;
        }
        this.fields[name] = value;
      });
      parser.on('close', () => {
        void Promise.all(this.parts.map((part) => part.done)).then(() => {
          if (settled) return;
          settled = true;
          resolve();
        });
      });
      source.pipe(parser);
    });
  }

  private receive(file: Readable, rawName: string): void {
    const { name, isPdfName, tooLong } = sanitizeFileName(rawName);
    const key = fileNameKey(name);
    const duplicate = isPdfName && !this.target.allowDuplicateNames && this.takenNames.has(key);
    this.takenNames.add(key);
    const part: Part = {
      fileName: name,
      size: 0,
      nameNotPdf: !isPdfName,
      nameTooLong: tooLong,
      duplicate,
      contentNotPdf: false,
      done: Promise.resolve(),
    };
    this.parts.push(part);
    if (this.parts.length > this.room) this.tooMany = true;
    if (!isPdfName || tooLong || duplicate || this.tooMany) this.doomed = true;
    part.done = this.doomed ? this.check(part, file) : this.store(part, file);
  }

  /** Counts the part's bytes toward the limit; false (and the request failed) past it. */
  private count(part: Part, bytes: number): boolean {
    part.size += bytes;
    this.fileBytes += bytes;
    if (withinUploadLimit(this.fileBytes, this.limit)) return true;
    this.fatal?.(this.tooLarge());
    return false;
  }

  /** A part of a request that is refused anyway: only its header is looked at, so not-PDFs can be named. */
  private check(part: Part, file: Readable): Promise<void> {
    const header = new HeaderCheck();
    return new Promise((resolve) => {
      file.on('data', (chunk: Buffer) => {
        if (this.count(part, chunk.length)) header.push(chunk);
      });
      file.on('limit', () => this.fatal?.(this.tooLarge()));
      file.on('error', () => this.fatal?.(new BadRequestError(MALFORMED_UPLOAD_MESSAGE)));
      file.on('close', () => {
        part.contentNotPdf = !header.finish();
        resolve();
      });
    });
  }

  private store(part: Part, file: Readable): Promise<void> {
    const header = new HeaderCheck();
    // The part cannot be longer than what is left of the declared body (nor than the limit).
    const bound = this.body.contentLength === undefined ? this.limit : this.body.contentLength - this.fileBytes;
    const copy = new PartBuffer(Math.max(0, Math.min(this.limit, bound)));
    const out = new PassThrough({ highWaterMark: 256 * 1024 });
    // Whatever goes wrong with the write surfaces through the upload's promise; the stream's own error is not news.
    out.on('error', () => undefined);
    let writing = true;
    part.blobName = this.target.blobName?.(this.parts.indexOf(part)) ?? `${this.target.blobPrefix}/${randomUUID()}`;
    part.abandon = (reason) => {
      if (!writing) return;
      writing = false;
      copy.release();
      // Destroyed with an error, so the blob upload fails and never commits the blocks it staged.
      out.destroy(reason);
      file.resume();
    };
    part.stored = this.deps.blobs
      .upload(this.target.container, part.blobName, out, { contentType: 'application/pdf' })
      .then(
        () => undefined,
        (error: unknown) => {
          if (writing) {
            // The store failed on its own: the request cannot succeed, but the rest is still read.
            this.doomed = true;
            part.abandon?.(new AbandonedUpload());
          }
          return error;
        },
      );

    return new Promise((resolve) => {
      file.on('data', (chunk: Buffer) => {
        if (!this.count(part, chunk.length) || !writing) return;
        header.push(chunk);
        if (header.verdict === false) {
          part.contentNotPdf = true;
          this.doomed = true;
          part.abandon?.(new AbandonedUpload());
          return;
        }
        if (!copy.append(chunk)) {
          this.fatal?.(this.tooLarge());
          return;
        }
        if (!out.write(chunk)) {
          file.pause();
          out.once('drain', () => file.resume());
        }
      });
      file.on('limit', () => this.fatal?.(this.tooLarge()));
      // busboy ends a part with an error when the form breaks off; the whole request fails then.
      file.on('error', () => this.fatal?.(new BadRequestError(MALFORMED_UPLOAD_MESSAGE)));
      file.on('close', () => {
        if (writing) {
          if (header.finish()) {
            writing = false;
            out.end();
            part.inspection = inspectPdf(copy.bytes());
          } else {
            part.contentNotPdf = true;
            this.doomed = true;
            part.abandon?.(new AbandonedUpload());
          }
        }
        resolve();
      });
    });
  }

  /** After the whole body was read: the files, or the refusal with every reason found. */
  async verdict(): Promise<ReceivedFile[]> {
    const parts = this.parts;
    if (parts.length === 0) throw new BadRequestError(this.target.noFilesMessage ?? NO_FILES_MESSAGE);
    // A worker that cannot start rejects here: a server fault, not the user's file.
    const inspections = await Promise.all(parts.map((part) => part.inspection));
    const storeErrors = await Promise.all(parts.map((part) => part.stored));

    const notPdf = parts.filter(
      (part, index) => part.nameNotPdf || part.contentNotPdf || inspections[index]?.ok === false,
    );
    if (notPdf.length > 0) {
      throw new NotPdfError(
        UPLOAD_MESSAGES.onlyPdf,
        notPdf.map((part) => part.fileName),
      );
    }
    const active = parts.filter((_part, index) => {
      const inspection = inspections[index];
      return inspection?.ok === true && inspection.activeContent.length > 0;
    });
    if (active.length > 0) {
      const names = active.map((part) => part.fileName);
      throw new BadRequestError(`${UPLOAD_MESSAGES.activeContent} ${names.join(', ')}`, { file: names.join(', ') });
    }
    const tooLong = parts.filter((part) => part.nameTooLong);
    if (tooLong.length > 0) {
      throw new BadRequestError(`A file name can be at most ${MAX_FILE_NAME_LENGTH} characters long.`, {
        file: tooLong.map((part) => `${[...part.fileName].slice(0, 40).join('')}…`).join(', '),
      });
    }
    if (parts.some((part) => part.duplicate)) {
      throw new DuplicateFileNameError(
        duplicateFilesMessage(
          duplicateFileNames(
            this.target.existingNames,
            parts.map((part) => part.fileName),
          ),
        ),
      );
    }
    if (this.tooMany) throw new BadRequestError(this.target.fullMessage);
    const failed = storeErrors.find((error) => error !== undefined && !(error instanceof AbandonedUpload));
    if (failed !== undefined) {
      this.deps.log.error('Writing an uploaded file to blob storage failed', { error: failed });
      throw new DomainError('unavailable', 503, UPLOAD_MESSAGES.uploadFailed);
    }
    return parts.map((part) => ({ fileName: part.fileName, blobName: part.blobName!, size: part.size }));
  }

  /** Deletes whatever this request wrote, once every write has settled (a late commit must not outlive the delete). */
  async discard(): Promise<void> {
    for (const part of this.parts) part.abandon?.(new AbandonedUpload());
    await Promise.all(this.parts.map((part) => part.stored));
    const written = this.parts.flatMap((part) => (part.blobName ? [part.blobName] : []));
    await deleteReceivedBlobs(this.deps, this.target.container, written);
  }
}
