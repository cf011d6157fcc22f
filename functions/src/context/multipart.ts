import { refusal, type Refused } from '@ratkaisu/core';
import type { Readable } from 'node:stream';

/**
 * A multipart/form-data upload as the HTTP layer hands it to a service:
 * nothing of the body read yet. The service says what it accepts (`read`),
 * and gets the file parts one at a time while the body arrives, so a file is
 * never held whole by the transport (http/multipart.ts parses it with busboy).
 */
export interface UploadForm {
  /** The body's declared Content-Length; undefined for a chunked body. */
  readonly contentLength: number | undefined;
  /** Starts reading the body under `limits`. Once only. */
  read(limits: UploadLimits): UploadReading;
}

/** What a service accepts of a form; the HTTP layer enforces it while parsing. */
export interface UploadLimits {
  /** The field of the file parts; file parts of any other field are skipped unread. */
  fileField: string;
  /** Most file parts; one more ends the reading with UploadLimitError('files'). */
  maxFiles: number;
  /** Most bytes of one file; one more ends the reading with UploadLimitError('fileSize'). */
  maxFileBytes: number;
  /** Text fields read, by name, with their longest allowed length in UTF-8 bytes; other fields are ignored. */
  textFields?: Readonly<Record<string, number>>;
}

/** One file part: read `stream` to its end (or `resume()` it) before asking for the next part. */
export interface UploadFilePart {
  fieldName: string;
  /** The name the client sent, form-data escapes decoded; not sanitised. */
  fileName: string;
  /** The part's declared Content-Type (clients send anything; the content decides). */
  mimeType: string;
  stream: Readable;
}

export interface UploadReading {
  /**
   * The file parts in order. Iteration fails with a BadRequestError when the
   * form is malformed, interrupted or carries a text field longer than allowed,
   * and with an UploadLimitError past `maxFiles` or `maxFileBytes`; the part
   * being read then fails too. Leaving the loop early stops reading the body.
   */
  files: AsyncIterable<UploadFilePart>;
  /** The text fields asked for, as they arrive: complete once `files` has ended. */
  fields: Readonly<Record<string, string>>;
}

/** A limit of UploadLimits was passed; the service says what that means for its users. */
export class UploadLimitError extends Error {
  constructor(readonly limit: 'files' | 'fileSize') {
    super(limit === 'files' ? 'The form holds too many files.' : 'A file of the form is too large.');
    this.name = 'UploadLimitError';
  }
}

export const MALFORMED_UPLOAD_MESSAGE = refusal('requests.formUnreadable');
export const INTERRUPTED_UPLOAD_MESSAGE = refusal('requests.formInterrupted');

/** The text field is longer than the service allows (`limitBytes`, in UTF-8 bytes). */
export function fieldTooLongMessage(name: string, limitBytes: number): Refused {
  return refusal('requests.formFieldTooLong', { name, limitBytes });
}
