import { OcrEngineError, recognizePage } from './ocr-engine.js';
import { isPdfTaskFailure, ownedBuffer, runPdfTask } from './pdf-worker-pool.js';
import type { PdfPageImage } from './pdf.worker.js';

/** What OCR needs: text about 10 pt high is some 40 pixels tall at 300 dpi. */
export const OCR_DPI = 300;
/** One page that takes longer than this stops (Tesseract reads a dense A4 page in 5–15 s on one core). */
export const OCR_PAGE_TIMEOUT_MS = 120_000;
/**
 * A page with less ink than this (the share of it darker than mid-grey) is
 * blank, a pale box or a lone page number: Tesseract would find nothing worth
 * reading on it, in seconds. "Sivu 2" in 11 pt is about three times more, a
 * line of small print forty times.
 */
export const BLANK_PAGE_MAX_INK = 0.00005;
/** Drawing one page: opening the file and decoding its image. */
const RENDER_TIMEOUT_MS = 60_000;

/** Seconds of OCR one job may still spend, shared by every file it reads. */
export interface OcrBudget {
  remainingMs: number;
}

export function ocrBudget(seconds: number): OcrBudget {
  return { remainingMs: seconds * 1000 };
}

export interface OcrPageResult {
  page: number;
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
  /** Drawing and reading the page, milliseconds. */
  ms: number;
}

export interface OcrOutcome {
  read: OcrPageResult[];
  /** Pages asked for and not read, in order. */
  unread: number[];
  /** Why `unread` is not empty: the job's OCR time ran out, or a page or the engine failed. */
  stopped?: { by: 'time' } | { by: 'failure'; reason: string };
}

/**
 * Reads the given pages of a PDF by OCR, in order: each page is drawn by
 * pdf.js at 300 dpi on a PDF thread (the next one while the current one is
 * being recognised) and read by Tesseract (ocr-engine.ts). Stops before a page
 * when the budget is spent, and on the first page that cannot be drawn or read;
 * what was read until then is kept. Rejects only when no PDF thread can start,
 * or with the abort reason before a page once `signal` is aborted (Stop Generating).
 * `onPage` hears of each page read (progress).
 */
export async function ocrPdfPages(
  bytes: Uint8Array,
  pages: readonly number[],
  budget: OcrBudget,
  onPage?: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<OcrOutcome> {
  const data = ownedBuffer(bytes);
  const read: OcrPageResult[] = [];
  // The page's own copy of the file: a task takes ownership of the bytes it is handed.
  const draw = (page: number) => {
    const started = performance.now();
    return runPdfTask('render', data.slice(0), RENDER_TIMEOUT_MS, { page, dpi: OCR_DPI }).then((image) => ({
      image,
      ms: performance.now() - started,
    }));
  };
  let next = pages.length > 0 && budget.remainingMs > 0 ? draw(pages[0]!) : undefined;
  for (let index = 0; index < pages.length; index++) {
    const page = pages[index]!;
    const unread = () => pages.slice(index);
    if (signal?.aborted) void next?.catch(() => undefined);
    signal?.throwIfAborted();
    if (budget.remainingMs <= 0) {
      // The drawing already under way is let finish and dropped.
      void next?.catch(() => undefined);
      return { read, unread: unread(), stopped: { by: 'time' } };
    }
    const started = performance.now();
    const { image, ms: drawMs } = await next!;
    next = index + 1 < pages.length ? draw(pages[index + 1]!) : undefined;
    const failure = drawingFailure(image, page);
    if (failure) {
      void next?.catch(() => undefined);
      return { read, unread: unread(), stopped: { by: 'failure', reason: failure } };
    }
    const drawn = image as Extract<PdfPageImage, { ok: true }>;
    try {
      const timeoutMs = Math.min(OCR_PAGE_TIMEOUT_MS, Math.max(10_000, budget.remainingMs));
      const result =
        drawn.ink < BLANK_PAGE_MAX_INK
          ? { text: '', confidence: 0 }
          : await recognizePage(drawn.png, { dpi: drawn.dpi, timeoutMs });
      const ms = performance.now() - started;
      budget.remainingMs -= ms;
      read.push({ page, text: result.text, confidence: result.confidence, ms: Math.round(ms + drawMs) });
      onPage?.(read.length, pages.length);
    } catch (error) {
      budget.remainingMs -= performance.now() - started;
      void next?.catch(() => undefined);
      const reason = error instanceof OcrEngineError ? error.message : `OCR failed on page ${page} (${String(error)}).`;
      return { read, unread: unread(), stopped: { by: 'failure', reason } };
    }
  }
  return { read, unread: [] };
}

function drawingFailure(image: PdfPageImage | { ok: false; reason: string }, page: number): string | undefined {
  if (isPdfTaskFailure(image)) return `Page ${page} could not be drawn for OCR (${image.reason}).`;
  if (!image.ok) return image.reason;
  return undefined;
}
