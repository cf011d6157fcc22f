import {
  duplicateFileNames,
  duplicateFilesRefusal,
  MAX_FILE_NAME_LENGTH,
  MAX_FILES_PER_PHASE,
  UPLOAD_FIELD,
  withinUploadLimit,
  refusal,
} from '@ratkaisu/core';
import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { Deps } from '../../deps.js';
import {
  BadRequestError,
  DomainError,
  DuplicateFileNameError,
  DamagedPdfError,
  NotPdfError,
  PayloadTooLargeError,
  type Wording,
} from '../../errors.js';
import {
  MALFORMED_UPLOAD_MESSAGE,
  UploadLimitError,
  type UploadFilePart,
  type UploadForm,
} from '../../context/multipart.js';
import { ActiveContentScanner } from '../../pdf/pdf-active-content.js';
import { hasPdfHeader, inspectPdfByRanges, PDF_HEADER_WINDOW, type PdfInspection } from '../../pdf/pdf-inspector.js';
import type { BlobContainer } from '../../ports/blobs.js';
import { fileNameKey, sanitizeFileName } from './sanitize-file-name.js';

export const NO_FILES_MESSAGE = refusal('uploads.noFiles').message;
export { fieldTooLongMessage, INTERRUPTED_UPLOAD_MESSAGE, MALFORMED_UPLOAD_MESSAGE } from '../../context/multipart.js';

export interface UploadTarget {
  container: BlobContainer;
  /** Blobs are written as `<blobPrefix>/<random uuid>`, never under the user's file name. */
  blobPrefix: string;
  /** Names already where the files go (the phase, the side's work files): duplicates are refused. */
  existingNames: readonly string[];
  /** Said when the target would hold more than MAX_FILES_PER_PHASE files. */
  fullMessage: Wording;
  /** The form field of the files; default UPLOAD_FIELD (`file`). */
  field?: string;
  /** The blob name of the n-th file (from 0), instead of `<blobPrefix>/<random uuid>`. */
  blobName?: (index: number) => string;
  /** Most file bytes in all (default: the configured MAX_UPLOAD_BYTES), and what a 413 then says. */
  maxTotalBytes?: number;
  tooLargeMessage?: Wording;
  /** Said when the form holds no file; default NO_FILES_MESSAGE. */
  noFilesMessage?: Wording;
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
  /** SHA-256 of the content (hex), computed while it streamed in. */
  sha256: string;
}

/**
 * Reads an upload form part by part (the HTTP layer parses it) and streams
 * each file part into the Blobs port while it arrives, in memory bounded
 * whatever the file's size: neither the request nor a file is ever held
 * whole. The content is checked on the way (the %PDF- header in the first
 * bytes, active content by a streaming scan, a SHA-256), and pdf.js opens
 * the stored blob by ranges once it is written. All or nothing: answers the files (their blobs written) only when every one
 * is a PDF by content with a usable, unique name; otherwise every blob this
 * request wrote is deleted and a domain error says why, in this order:
 * not_pdf (names listed), a name too long, duplicate names, too many files.
 * A body over MAX_UPLOAD_BYTES is a 413. The caller owns the returned blobs:
 * if it cannot record them, it deletes them (deleteReceivedBlobs).
 */
export async function receivePdfUploads(
  deps: Pick<Deps, 'blobs' | 'config' | 'log'>,
  form: UploadForm,
  target: UploadTarget,
): Promise<ReceivedFile[]> {
  return (await receivePdfForm(deps, form, target)).files;
}

/** receivePdfUploads, also answering the text fields named in `target.textFields`. */
export async function receivePdfForm(
  deps: Pick<Deps, 'blobs' | 'config' | 'log'>,
  form: UploadForm,
  target: UploadTarget,
): Promise<ReceivedForm> {
  const reception = new Reception(deps, form, target);
  try {
    await reception.read();
    return { files: await reception.verdict(), fields: reception.fields };
  } catch (error) {
    await reception.discard();
    throw error;
  }
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

interface Part {
  fileName: string;
  size: number;
  nameNotPdf: boolean;
  nameTooLong: boolean;
  duplicate: boolean;
  /** No %PDF- header in the first PDF_HEADER_WINDOW bytes. */
  contentNotPdf: boolean;
  blobName?: string;
  /** SHA-256 of the content, hex, computed while it streamed (stored parts only). */
  sha256?: string;
  /** The blob write, settled: undefined when written, else why not. */
  stored?: Promise<unknown>;
  /** pdf.js's verdict once the blob is written; `failed` when storage or the PDF threads let it down. */
  inspection?: Promise<PdfInspection | undefined | { failed: unknown }>;
  /** Stops writing the blob and drains the rest of the part. */
  abandon?: (reason: Error) => void;
}

/** Why a blob write was given up on purpose; never reported as a storage failure. */
class AbandonedUpload extends Error {}

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
  /** The text fields read (those named in target.textFields), once the form has been read. */
  fields: Record<string, string> = {};
  private fileBytes = 0;
  private tooMany = false;
  /** A refusal is already certain: later parts are checked but not stored. */
  private doomed = false;

  constructor(
    private readonly deps: Pick<Deps, 'blobs' | 'config' | 'log'>,
    private readonly form: UploadForm,
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

  /** Reads the whole form, part after part; throws at once on a fatal problem (too large, malformed, interrupted). */
  async read(): Promise<void> {
    const reading = this.form.read({
      fileField: this.field,
      maxFiles: MAX_FILES_PER_PHASE,
      maxFileBytes: this.limit,
      ...(this.target.textFields ? { textFields: this.target.textFields } : {}),
    });
    try {
      for await (const part of reading.files) await this.receive(part);
    } catch (error) {
      for (const part of this.parts) part.abandon?.(new AbandonedUpload());
      if (error instanceof UploadLimitError) {
        throw error.limit === 'files' ? new BadRequestError(this.target.fullMessage) : this.tooLarge();
      }
      throw error;
    }
    this.fields = { ...reading.fields };
  }

  /** One file part, read to its end (its blob may still be committing). */
  private receive(file: UploadFilePart): Promise<void> {
    const { name, isPdfName, tooLong } = sanitizeFileName(file.fileName);
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
    };
    this.parts.push(part);
    if (this.parts.length > this.room) this.tooMany = true;
    if (!isPdfName || tooLong || duplicate || this.tooMany) this.doomed = true;
    return this.doomed ? this.check(part, file.stream) : this.store(part, file.stream);
  }

  /** Counts the part's bytes toward the limit; false past it. */
  private count(part: Part, bytes: number): boolean {
    part.size += bytes;
    this.fileBytes += bytes;
    return withinUploadLimit(this.fileBytes, this.limit);
  }

  /**
   * Reads a part to its end: `take` gets each chunk, and answers false when the
   * request must fail (too large). Settles when the part has ended, or rejects
   * with why the form failed (the HTTP layer fails the part with it).
   */
  private readPart(part: Part, file: Readable, take: (chunk: Buffer) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      let failed = false;
      file.on('data', (chunk: Buffer) => {
        if (failed) return;
        if (!this.count(part, chunk.length)) {
          failed = true;
          file.resume();
          reject(this.tooLarge());
          return;
        }
        take(chunk);
      });
      file.on('error', (error) => {
        failed = true;
        reject(
          error instanceof DomainError || error instanceof UploadLimitError
            ? error
            : new BadRequestError(MALFORMED_UPLOAD_MESSAGE),
        );
      });
      file.on('end', () => {
        if (!failed) resolve();
      });
    });
  }

  /** A part of a request that is refused anyway: only its header is looked at, so not-PDFs can be named. */
  private async check(part: Part, file: Readable): Promise<void> {
    const header = new HeaderCheck();
    await this.readPart(part, file, (chunk) => header.push(chunk));
    part.contentNotPdf = !header.finish();
  }

  /**
   * Streams a part into its blob as it arrives, in bounded memory: the blob
   * SDK's few blocks in flight, the first PDF_HEADER_WINDOW bytes for the
   * header, the active-content scanner's few kilobytes and a hash. pdf.js
   * then checks the stored blob by ranges (inspectPdfByRanges), never the
   * whole file in memory.
   */
  private async store(part: Part, file: Readable): Promise<void> {
    const header = new HeaderCheck();
    const scanner = new ActiveContentScanner();
    const hash = createHash('sha256');
    const out = new PassThrough({ highWaterMark: 256 * 1024 });
    // Whatever goes wrong with the write surfaces through the upload's promise; the stream's own error is not news.
    out.on('error', () => undefined);
    let writing = true;
    const blobName = this.target.blobName?.(this.parts.indexOf(part)) ?? `${this.target.blobPrefix}/${randomUUID()}`;
    part.blobName = blobName;
    part.abandon = (reason) => {
      if (!writing) return;
      writing = false;
      // Destroyed with an error, so the blob upload fails and never commits the blocks it staged.
      out.destroy(reason);
      file.resume();
    };
    part.stored = this.deps.blobs.upload(this.target.container, blobName, out, { contentType: 'application/pdf' }).then(
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

    await this.readPart(part, file, (chunk) => {
      if (!writing) return;
      header.push(chunk);
      if (header.verdict === false) {
        part.contentNotPdf = true;
        this.doomed = true;
        part.abandon?.(new AbandonedUpload());
        return;
      }
      scanner.push(chunk);
      hash.update(chunk);
      if (!out.write(chunk)) {
        file.pause();
        out.once('drain', () => file.resume());
      }
    });
    if (!writing) return;
    if (!header.finish()) {
      part.contentNotPdf = true;
      this.doomed = true;
      part.abandon?.(new AbandonedUpload());
      return;
    }
    writing = false;
    out.end();
    part.sha256 = hash.digest('hex');
    const size = part.size;
    const stored = part.stored;
    part.inspection = Promise.all([stored, scanner.finish()])
      .then(([storeError, activeContent]) =>
        // A blob that was not written has nothing to check; the store error decides the answer.
        storeError === undefined
          ? inspectPdfByRanges(
              { length: size, read: (begin, end) => this.readStored(blobName, begin, end) },
              activeContent,
            )
          : undefined,
      )
      .catch((error: unknown) => ({ failed: error }));
  }

  private async readStored(blobName: string, begin: number, end: number): Promise<Uint8Array> {
    const bytes = await this.deps.blobs.downloadRange(this.target.container, blobName, begin, end - begin);
    if (!bytes) throw new Error(`The uploaded blob ${blobName} could not be found to check it.`);
    return bytes;
  }

  /** After the whole body was read: the files, or the refusal with every reason found. */
  async verdict(): Promise<ReceivedFile[]> {
    const parts = this.parts;
    if (parts.length === 0) throw new BadRequestError(this.target.noFilesMessage ?? refusal('uploads.noFiles'));
    const storeErrors = await Promise.all(parts.map((part) => part.stored));
    const checked = await Promise.all(parts.map((part) => part.inspection));
    const broken = checked.find((result) => result !== undefined && 'failed' in result);
    if (broken) {
      // Storage could not be read back, or the PDF threads cannot start: a server fault, not the user's file.
      this.deps.log.error('Checking an uploaded file failed', { error: (broken as { failed: unknown }).failed });
      throw new DomainError('unavailable', 503, refusal('uploads.failed'));
    }
    const inspections = checked as (PdfInspection | undefined)[];

    const notPdf = parts.filter((part) => part.nameNotPdf || part.contentNotPdf);
    if (notPdf.length > 0) {
      throw new NotPdfError(
        refusal('uploads.onlyPdf'),
        notPdf.map((part) => part.fileName),
      );
    }
    // A PDF by name and header that pdf.js cannot open: damaged, named as such (SPEC's text stays for not-PDFs).
    const damaged = parts.filter((_part, index) => inspections[index]?.ok === false).map((part) => part.fileName);
    if (damaged.length > 0)
      throw new DamagedPdfError(refusal('uploads.damaged', { names: damaged.join(', ') }), damaged);
    const active = parts.filter((_part, index) => {
      const inspection = inspections[index];
      return inspection?.ok === true && inspection.activeContent.length > 0;
    });
    if (active.length > 0) {
      const names = active.map((part) => part.fileName);
      throw new BadRequestError(refusal('uploads.activeContent', { names: names.join(', ') }), {
        file: names.join(', '),
      });
    }
    const tooLong = parts.filter((part) => part.nameTooLong);
    if (tooLong.length > 0) {
      throw new BadRequestError(refusal('uploads.fileNameTooLong', { maxLength: MAX_FILE_NAME_LENGTH }), {
        file: tooLong.map((part) => `${[...part.fileName].slice(0, 40).join('')}…`).join(', '),
      });
    }
    if (parts.some((part) => part.duplicate)) {
      throw new DuplicateFileNameError(
        duplicateFilesRefusal(
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
      throw new DomainError('unavailable', 503, refusal('uploads.failed'));
    }
    return parts.map((part) => ({
      fileName: part.fileName,
      blobName: part.blobName!,
      size: part.size,
      sha256: part.sha256!,
    }));
  }

  /**
   * Deletes whatever this request wrote, once every write and every check has settled (a late commit must not
   * outlive the delete, nor a check read a deleted blob).
   */
  async discard(): Promise<void> {
    for (const part of this.parts) part.abandon?.(new AbandonedUpload());
    await Promise.all(this.parts.map((part) => part.stored));
    await Promise.all(this.parts.map((part) => part.inspection));
    const written = this.parts.flatMap((part) => (part.blobName ? [part.blobName] : []));
    await deleteReceivedBlobs(this.deps, this.target.container, written);
  }
}
