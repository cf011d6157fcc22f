import { z } from 'zod';

/** A case document (a phase attachment or a work file) as a model's source. */
export interface DocumentSource {
  fileId: string;
  fileName: string;
  /** 'anonymous': a file uploaded to the public generator, kept only as long as its job. */
  container: 'attachments' | 'workfiles' | 'anonymous';
  blobName: string;
}

/** A DocumentSource as a job's input carries it, checked again when the worker reads it. */
export const documentSourceSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  container: z.enum(['attachments', 'workfiles', 'anonymous']),
  blobName: z.string(),
});

/** The text of one document, page by page. */
export interface DocumentText {
  fileId: string;
  fileName: string;
  /** 1-based page n is `pages[n - 1]`. */
  pages: string[];
  /** 1-based numbers of the pages with almost no text: most likely scanned images. */
  scannedPages: number[];
  /** The file uses PDF encryption; when it needs a password to open, `pages` is empty. */
  encrypted: boolean;
  /** Why the file could not be read at all (missing, damaged), when a caller keeps it as a placeholder. */
  unreadable?: string;
}

/**
 * A page with fewer non-space characters than this is taken for a scan (an
 * image of text) or an empty page: a page number or a stamp, not content.
 */
export const SCANNED_PAGE_MAX_CHARS = 20;

export function scannedPagesOf(pages: readonly string[]): number[] {
  const scanned: number[] = [];
  pages.forEach((text, index) => {
    if (text.replace(/\s/gu, '').length < SCANNED_PAGE_MAX_CHARS) scanned.push(index + 1);
  });
  return scanned;
}

/**
 * A document that cannot serve as a source: missing from storage, damaged,
 * password-protected, or without any text. The message names the file and
 * says what the user can do; a job that meets one fails with it.
 */
export class DocumentUnreadableError extends Error {
  constructor(
    readonly fileName: string,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentUnreadableError';
  }
}

/** Throws the per-file error for a document a model cannot read anything from. */
export function assertReadable(document: DocumentText): void {
  const name = quoted(document.fileName);
  if (document.encrypted && document.pages.length === 0) {
    throw new DocumentUnreadableError(
      document.fileName,
      `${name} is password-protected, so its text cannot be read. Remove the password and upload the file again.`,
    );
  }
  if (document.scannedPages.length === document.pages.length) {
    throw new DocumentUnreadableError(
      document.fileName,
      `${name} has no text that can be read: it appears to be a scanned image. ` +
        'Reading scanned documents (OCR) is not supported yet; select a PDF that contains text.',
    );
  }
}

export function quoted(fileName: string): string {
  return `"${fileName}"`;
}
