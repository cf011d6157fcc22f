import { hasPdfHeader, PDF_HEADER_WINDOW } from './pdf-inspector.js';
import { isPdfTaskFailure, ownedBuffer, runPdfTask } from './pdf-worker-pool.js';
import type { PdfText } from './pdf.worker.js';

export type { PdfText };

/**
 * Bumped whenever a change here or in text-lines.ts changes what comes out
 * for the same file: cached texts carry it, so a new extractor re-reads them.
 */
export const PDF_TEXT_EXTRACTOR_VERSION = 1;

const MB = 1024 * 1024;
/** Reading every page takes longer than opening the file, and grows with it. */
const BASE_TIMEOUT_MS = 30_000;
const TIMEOUT_PER_MB_MS = 10_000;
const MAX_TIMEOUT_MS = 5 * 60_000;

/** The time limit for extracting a file of this many bytes. */
export function extractionTimeoutMs(byteLength: number): number {
  return Math.min(MAX_TIMEOUT_MS, BASE_TIMEOUT_MS + Math.ceil(byteLength / MB) * TIMEOUT_PER_MB_MS);
}

/**
 * The text of every page of a PDF, read by pdf.js on a worker thread with a
 * time limit scaled by the file's size. Takes ownership of the bytes as
 * inspectPdf does (a buffer the view spans whole is moved, not copied).
 *
 * Resolves `ok: false` with a plain sentence for a file that is not a PDF, is
 * damaged or truncated, takes too long or kills its thread; a file that needs
 * a password resolves `ok: true, encrypted: true` with no pages. Rejects only
 * when no worker thread can start.
 */
export async function extractPdfText(bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<PdfText> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'The file is empty.' };
  if (!hasPdfHeader(bytes)) {
    return { ok: false, reason: `The file is not a PDF (no %PDF- header in its first ${PDF_HEADER_WINDOW} bytes).` };
  }
  const timeoutMs = options.timeoutMs ?? extractionTimeoutMs(bytes.byteLength);
  const result = await runPdfTask('extract', ownedBuffer(bytes), timeoutMs);
  if (!isPdfTaskFailure(result)) return result;
  return result.failure === 'timeout'
    ? { ok: false, reason: `Reading its text took longer than ${Math.ceil(timeoutMs / 1000)} s.` }
    : {
        ok: false,
        reason: `The PDF reader stopped while reading it; the file may be too large or too complex (${result.reason}).`,
      };
}
