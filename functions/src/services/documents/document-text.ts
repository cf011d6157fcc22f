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
  /**
   * 1-based numbers of the pages with no usable text: scanned images that OCR
   * did not read (a limit, a failure, or no text found on them).
   */
  scannedPages: number[];
  /** The pages whose text OCR read from their image (`pages` holds that text), in page order. */
  ocrPages?: OcrPageInfo[];
  /** Plain-language notes on scanned pages OCR did not read (a limit, the job's OCR time, a failure). */
  ocrNotes?: string[];
  /** The file uses PDF encryption; when it needs a password to open, `pages` is empty. */
  encrypted: boolean;
  /** Why the file could not be read at all (missing, damaged), when a caller keeps it as a placeholder. */
  unreadable?: string;
}

export interface OcrPageInfo {
  page: number;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
  /** Below the configured floor: the tribunal should check the original. */
  poor: boolean;
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
 * Text a PDF's text layer gives that is no text: a font without a Unicode
 * mapping comes out as replacement characters, private-use code points or
 * control characters, or as runs of symbols with hardly a letter. Such a page
 * is read by OCR like a scan.
 */
export function isGarbageText(text: string): boolean {
  const visible = text.replace(/\s/gu, '');
  if (visible.length === 0) return false;
  const broken = visible.match(/[\uFFFD\uE000-\uF8FF\p{Cc}]/gu)?.length ?? 0;
  const wordish = visible.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return broken / visible.length > 0.2 || wordish / visible.length < 0.3;
}

/** 1-based numbers of the pages without a usable text layer: almost no text, or garbage. */
export function unusablePagesOf(pages: readonly string[]): number[] {
  const scanned = new Set(scannedPagesOf(pages));
  const unusable: number[] = [];
  pages.forEach((text, index) => {
    if (scanned.has(index + 1) || isGarbageText(text)) unusable.push(index + 1);
  });
  return unusable;
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
      `${name} has no text that can be read: it appears to be a scanned image, and OCR read no text from it` +
        `${document.ocrNotes?.length ? ` (${document.ocrNotes.join(' ')})` : ''}. ` +
        'Select a clearer scan or a PDF that contains text.',
    );
  }
}

export function quoted(fileName: string): string {
  return `"${fileName}"`;
}

/** "Page 3", "Pages 3–5, 9": a list of page numbers with runs shortened. */
export function pagesPhrase(pages: readonly number[]): string {
  return `${pages.length === 1 ? 'Page' : 'Pages'} ${pageRanges(pages)}`;
}

/** "3–5, 9": sorted page numbers with runs of three or more shortened. */
export function pageRanges(pages: readonly number[]): string {
  const parts: string[] = [];
  for (let index = 0; index < pages.length;) {
    let end = index;
    while (end + 1 < pages.length && pages[end + 1] === pages[end]! + 1) end++;
    if (end - index >= 2) parts.push(`${pages[index]}–${pages[end]}`);
    else for (let at = index; at <= end; at++) parts.push(String(pages[at]));
    index = end + 1;
  }
  return parts.join(', ');
}
