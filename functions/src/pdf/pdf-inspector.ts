import { findActiveContent } from './pdf-active-content.js';
import {
  isPdfTaskFailure,
  ownedBuffer,
  runPdfTask,
  type PdfRangeSource,
  type PdfTaskFailure,
} from './pdf-worker-pool.js';
import type { PdfInspection, PdfOpening } from './pdf.worker.js';

export type { PdfInspection, PdfRangeSource };
export { closePdfWorkers } from './pdf-worker-pool.js';

/** A PDF's header must start within this many bytes (what readers such as pdf.js and Acrobat tolerate). */
export const PDF_HEADER_WINDOW = 1024;

/** How long pdf.js may take over one file before its thread is stopped and the file refused. */
const DEFAULT_TIMEOUT_MS = 20_000;

const HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** True when `%PDF-` starts within the first PDF_HEADER_WINDOW bytes. */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  const last = Math.min(bytes.length, PDF_HEADER_WINDOW) - HEADER.length;
  outer: for (let start = 0; start <= last; start++) {
    for (let i = 0; i < HEADER.length; i++) if (bytes[start + i] !== HEADER[i]) continue outer;
    return true;
  }
  return false;
}

/**
 * Whether pdf.js can open `bytes` and count its pages, checked on a worker
 * thread with a time limit, and the active content in them. Takes ownership
 * of the bytes: when the view spans its whole ArrayBuffer, that buffer is
 * moved to the worker (and detached here) instead of being copied; any other
 * view (a slice, Node's pooled small Buffers) is copied first. For files in
 * hand; an upload streams through ActiveContentScanner and is opened from
 * storage instead (inspectPdfByRanges).
 *
 * Resolves `ok: false` for anything pdf.js refuses, times out on or dies of;
 * rejects only when the worker cannot start at all (a broken installation,
 * which must surface as a server error rather than as "not a PDF").
 */
export async function inspectPdf(bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<PdfInspection> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'The file is empty.' };
  if (!hasPdfHeader(bytes)) return { ok: false, reason: `No %PDF- header in the first ${PDF_HEADER_WINDOW} bytes.` };
  // Read before pdf.js gets the bytes: the names of JavaScript, launch actions and embedded files (upload refuses).
  const activeContent = await findActiveContent(bytes);
  const result = await runPdfTask('inspect', ownedBuffer(bytes), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return withActiveContent(result, activeContent);
}

/**
 * inspectPdf for a file read by ranges (a stored blob): pdf.js reads the
 * cross-reference table and the objects it needs to count the pages, so
 * memory stays at a few chunks whatever the file's size. `activeContent` is
 * what ActiveContentScanner found while the file streamed in. Rejects, beside
 * when the worker cannot start, when a range cannot be read (storage's fault).
 */
export async function inspectPdfByRanges(
  source: PdfRangeSource,
  activeContent: string[],
  options: { timeoutMs?: number } = {},
): Promise<PdfInspection> {
  if (source.length === 0) return { ok: false, reason: 'The file is empty.' };
  const result = await runPdfTask('inspect', source, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return withActiveContent(result, activeContent);
}

function withActiveContent(result: PdfOpening | PdfTaskFailure, activeContent: string[]): PdfInspection {
  if (isPdfTaskFailure(result)) return { ok: false, reason: result.reason };
  return result.ok ? { ...result, activeContent } : result;
}
