import { hasPdfHeader, PDF_HEADER_WINDOW } from './pdf-inspector.js';
import { isPdfTaskFailure, ownedBuffer, PDF_THREADS, runPdfTask, type PdfTaskFailure } from './pdf-worker-pool.js';
import type { PdfText, PdfTextShare } from './pdf.worker.js';

export type { PdfText };

/**
 * Bumped whenever a change here, in text-lines.ts or in OCR (ocr-pages.ts,
 * ocr-engine.ts) changes what comes out for the same file: cached texts carry
 * it, so a new extractor re-reads them. 2: scanned pages read by OCR.
 */
export const PDF_TEXT_EXTRACTOR_VERSION = 2;

const MB = 1024 * 1024;
/** Reading every page takes longer than opening the file, and grows with it. */
const BASE_TIMEOUT_MS = 30_000;
const TIMEOUT_PER_MB_MS = 10_000;
const MAX_TIMEOUT_MS = 5 * 60_000;
/**
 * A file at least this large is read by every PDF thread at once, each
 * opening it and reading its own range of pages. Below it (a hundred pages of
 * text or so) a second open costs more than the split saves.
 */
export const SPLIT_MIN_BYTES = 256 * 1024;

/** How many threads read a file of this many bytes together, each its own range of pages. */
export function extractionThreads(byteLength: number): number {
  return byteLength >= SPLIT_MIN_BYTES ? PDF_THREADS : 1;
}

/** The time limit for extracting a file of this many bytes. */
export function extractionTimeoutMs(byteLength: number): number {
  return Math.min(MAX_TIMEOUT_MS, BASE_TIMEOUT_MS + Math.ceil(byteLength / MB) * TIMEOUT_PER_MB_MS);
}

/**
 * The text of every page of a PDF, read by pdf.js on worker threads with a
 * time limit scaled by the file's size; a large file by every PDF thread at
 * once, each opening it and reading a range of its pages. Takes ownership of
 * the bytes as inspectPdf does (a buffer the view spans whole is moved, not
 * copied; another thread reading along gets a copy).
 *
 * Resolves `ok: false` with a plain sentence for a file that is not a PDF, is
 * damaged or truncated, takes too long or kills its thread; a file that needs
 * a password resolves `ok: true, encrypted: true` with no pages. Rejects only
 * when no worker thread can start.
 */
export async function extractPdfText(
  bytes: Uint8Array,
  options: {
    timeoutMs?: number;
    /** How many threads read the file together, each its own range of pages; by default all of them for a large file. */
    parts?: number;
  } = {},
): Promise<PdfText> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'The file is empty.' };
  if (!hasPdfHeader(bytes)) {
    return { ok: false, reason: `The file is not a PDF (no %PDF- header in its first ${PDF_HEADER_WINDOW} bytes).` };
  }
  const timeoutMs = options.timeoutMs ?? extractionTimeoutMs(bytes.byteLength);
  const parts = Math.max(1, Math.floor(options.parts ?? extractionThreads(bytes.byteLength)));
  const data = ownedBuffer(bytes);
  // Each thread gets a copy of its own (a transfer detaches the buffer), taken before the original moves.
  const buffers = Array.from({ length: parts }, (_unused, part) => (part === parts - 1 ? data : data.slice(0)));
  const shares = await Promise.all(
    buffers.map((buffer, part) => runPdfTask('extract', buffer, timeoutMs, { part, parts })),
  );
  return joinShares(shares, timeoutMs);
}

/** The shares' pages in order, or the failure of the first share (in page order) that failed. */
function joinShares(shares: (PdfTextShare | PdfTaskFailure)[], timeoutMs: number): PdfText {
  let pages: string[] = [];
  let encrypted = false;
  for (const share of shares) {
    if (isPdfTaskFailure(share)) {
      return share.failure === 'timeout'
        ? { ok: false, reason: `Reading its text took longer than ${Math.ceil(timeoutMs / 1000)} s.` }
        : {
            ok: false,
            reason: `The PDF reader stopped while reading it; the file may be too large or too complex (${share.reason}).`,
          };
    }
    if (!share.ok) return share;
    if (share.pages.length > 0 && share.firstPage !== pages.length + 1) {
      // Every thread read the same bytes with the same pdf.js, so this would be a fault in the reader.
      return { ok: false, reason: `The PDF reader lost its place in the file (page ${share.firstPage}).` };
    }
    pages = pages.concat(share.pages);
    encrypted ||= share.encrypted;
  }
  return { ok: true, pages, encrypted };
}
