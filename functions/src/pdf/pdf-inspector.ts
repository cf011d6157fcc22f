import { isPdfTaskFailure, ownedBuffer, runPdfTask } from './pdf-worker-pool.js';
import type { PdfInspection } from './pdf.worker.js';

export type { PdfInspection };
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
 * thread with a time limit. Takes ownership of the bytes: when the view spans
 * its whole ArrayBuffer, that buffer is moved to the worker (and detached
 * here) instead of being copied, so a 20 MB upload is not held twice; any
 * other view (a slice, Node's pooled small Buffers) is copied first.
 *
 * Resolves `ok: false` for anything pdf.js refuses, times out on or dies of;
 * rejects only when the worker cannot start at all (a broken installation,
 * which must surface as a server error rather than as "not a PDF").
 */
export async function inspectPdf(bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<PdfInspection> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'The file is empty.' };
  if (!hasPdfHeader(bytes)) return { ok: false, reason: `No %PDF- header in the first ${PDF_HEADER_WINDOW} bytes.` };
  const result = await runPdfTask('inspect', ownedBuffer(bytes), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return isPdfTaskFailure(result) ? { ok: false, reason: result.reason } : result;
}
