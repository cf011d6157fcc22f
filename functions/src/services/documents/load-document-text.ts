import type { JobProgress } from '@ratkaisu/core';
import { setTimeout as delay } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { DEFAULT_OCR_CONFIG, type OcrConfig } from '../../config.js';
import type { Deps } from '../../deps.js';
import { ocrBudget, ocrPdfPages, type OcrBudget } from '../../pdf/ocr-pages.js';
import { extractPdfText, PDF_TEXT_EXTRACTOR_VERSION } from '../../pdf/pdf-text.js';
import { acquireOcrLease, readLiveOcrLease, type OcrLeaseDocument } from './ocr-lease.js';
import {
  DocumentUnreadableError,
  pagesPhrase,
  quoted,
  unusablePagesOf,
  type DocumentSource,
  type DocumentText,
  type OcrPageInfo,
} from './document-text.js';

export type { DocumentSource, DocumentText };
export { assertReadable, DocumentUnreadableError, SCANNED_PAGE_MAX_CHARS } from './document-text.js';

/**
 * The cached text of a stored PDF, as JSON in the 'text' container: the text
 * layer of every page, and the text OCR read from each page without a usable
 * one. The blob name holds the version, so a changed extractor reads every
 * file again instead of serving text the old one got wrong.
 */
const cachedTextSchema = z.object({
  extractor: z.literal(PDF_TEXT_EXTRACTOR_VERSION),
  source: z.object({ container: z.string(), blobName: z.string(), size: z.number() }),
  encrypted: z.boolean(),
  pages: z.array(z.string()),
  ocr: z.array(z.object({ page: z.number().int().min(1), text: z.string(), confidence: z.number(), ms: z.number() })),
  extractedAt: z.string(),
});
type CachedText = z.infer<typeof cachedTextSchema>;

/** Where the text of a stored file is cached: beside nothing else, named after the file's own blob. */
export function textCacheName(source: Pick<DocumentSource, 'container' | 'blobName'>): string {
  return `${source.container}/${source.blobName}.v${PDF_TEXT_EXTRACTOR_VERSION}.json`;
}

/** Where earlier extractor versions cached the file's text (deleting a file deletes those too). */
export function earlierTextCacheNames(source: Pick<DocumentSource, 'container' | 'blobName'>): string[] {
  return Array.from(
    { length: PDF_TEXT_EXTRACTOR_VERSION - 1 },
    (_unused, index) => `${source.container}/${source.blobName}.v${index + 1}.json`,
  );
}

/** OCR for the scanned pages of the files one job reads: its limits, and the time it has left. */
export interface DocumentOcr {
  config: OcrConfig;
  budget: OcrBudget;
  /** Hears of each page read (progress: "reading scanned pages n/m" of this file). */
  onPage?: (done: number, total: number, file: DocumentSource) => void;
  /** The job's stop: OCR stops before its next page. */
  signal?: AbortSignal;
}

/** A job's OCR: the configured limits, and a fresh budget of OCR seconds. */
export function documentOcr(
  config: OcrConfig = DEFAULT_OCR_CONFIG,
  signal?: AbortSignal,
  progress?: (progress: JobProgress) => void,
): DocumentOcr {
  return {
    config,
    budget: ocrBudget(config.maxSecondsPerJob),
    ...(signal ? { signal } : {}),
    ...(progress
      ? { onPage: (done, total, file) => progress({ stage: 'ocr', done, total, fileName: file.fileName }) }
      : {}),
  };
}

/**
 * The text of a stored PDF, page by page: read once with pdf.js on a worker
 * thread, every page without a usable text layer (a scan) read by OCR within
 * the job's limits, then served from the cache, so a second draft from the
 * same files costs no extraction and no OCR. Stored files never change (each
 * upload gets a new blob name), so a cached text never goes stale. Scanned
 * pages a limit left unread are read by a later job, and join the cache then.
 *
 * A password-protected file answers `encrypted: true` with no pages (cached
 * too: a password does not go away); `assertReadable` turns that, and a file
 * with no text at all, into the per-file error. A file missing from storage,
 * damaged or truncated throws `DocumentUnreadableError` naming it; those are
 * not cached, as a time-out may go better the next time.
 */
export function loadDocumentText(
  deps: Pick<Deps, 'blobs' | 'store' | 'clock' | 'log'>,
  file: DocumentSource,
  ocr: DocumentOcr = documentOcr(),
): Promise<DocumentText> {
  // Two readers of one file at once, in this process or in two (the OCR-at-upload worker, ocr-uploads.ts, and a
  // job; or two jobs): the one that takes the file's OCR lease reads its scanned pages, the other waits for it,
  // reporting its pages as its own progress, and then finds them in the cache (ocr-lease.ts). One mechanism for
  // both cases, so a job waiting on the same instance shows "reading scanned pages n/m" as well.
  return loadOnce(deps, file, ocr);
}

async function loadOnce(
  deps: Pick<Deps, 'blobs' | 'store' | 'clock' | 'log'>,
  file: DocumentSource,
  ocr: DocumentOcr,
): Promise<DocumentText> {
  const cacheName = textCacheName(file);
  let entry = await readCachedText(deps, cacheName);
  let bytes: Buffer | undefined;
  let changed = false;
  if (!entry) {
    bytes = await download(deps, file);
    // pdf.js takes ownership of what it reads; OCR may need the file again.
    const result = await extractPdfText(new Uint8Array(bytes));
    if (!result.ok) {
      deps.log.warn('Extracting the text of a PDF failed', { fileId: file.fileId, reason: result.reason });
      throw new DocumentUnreadableError(file.fileName, `${quoted(file.fileName)} could not be read. ${result.reason}`);
    }
    entry = {
      extractor: PDF_TEXT_EXTRACTOR_VERSION,
      source: { container: file.container, blobName: file.blobName, size: bytes.byteLength },
      encrypted: result.encrypted,
      pages: result.pages,
      ocr: [],
      extractedAt: deps.clock.now().toISOString(),
    };
    changed = true;
  }

  let plan = ocrPlan(entry, ocr.config);
  const notes: string[] = [];
  if (plan.overLimit.length > 0) {
    notes.push(
      `${pagesPhrase(plan.overLimit)} of ${quoted(file.fileName)} ${plan.overLimit.length === 1 ? 'was' : 'were'} ` +
        `not read: OCR reads at most ${ocr.config.maxPagesPerFile} scanned pages of one file.`,
    );
  }
  while (plan.toRead.length > 0) {
    const attempt = await acquireOcrLease(deps, cacheName, plan.toRead.length);
    if ('heldBy' in attempt) {
      // Someone else is reading this file's scanned pages right now: the OCR-at-upload worker (ocr-uploads.ts)
      // or another job, maybe on another instance. Waiting for it is simpler and as quick as taking over (the
      // pages it has read so far are not in the cache until it finishes, and two readers would halve each
      // other's speed on the same cores); the wait shows its progress as this job's, costs this job's OCR time
      // as reading would, and ends early when the reader dies (its lease runs out) or this job is stopped.
      const waited = await waitForOtherReader(deps, cacheName, attempt.heldBy, ocr, file);
      const latest = await readCachedText(deps, cacheName);
      if (latest && addOcrOf(entry, latest)) changed = true;
      plan = ocrPlan(entry, ocr.config);
      if (waited === 'out-of-time' && plan.toRead.length > 0) {
        notes.push(outOfTimeNote(plan.toRead, file, ocr.config));
        break;
      }
      continue;
    }
    const { lease } = attempt;
    try {
      // Another reader may have finished between our first look at the cache and taking the lease.
      const before = await readCachedText(deps, cacheName);
      if (before && addOcrOf(entry, before)) {
        changed = true;
        plan = ocrPlan(entry, ocr.config);
        if (plan.toRead.length === 0) break;
      }
      bytes ??= await download(deps, file);
      const outcome = await ocrPdfPages(
        bytes,
        plan.toRead,
        ocr.budget,
        (done, total) => {
          lease.progress(done);
          ocr.onPage?.(done, total, file);
        },
        ocr.signal,
      );
      if (outcome.read.length > 0) {
        entry.ocr = [...entry.ocr, ...outcome.read].sort((a, b) => a.page - b.page);
        deps.log.info('Scanned pages read by OCR', {
          fileId: file.fileId,
          pages: outcome.read.length,
          ms: outcome.read.reduce((sum, page) => sum + page.ms, 0),
        });
        // Written before the lease goes, so whoever waited for it finds the pages in the cache.
        const latest = await readCachedText(deps, cacheName);
        if (latest) addOcrOf(entry, latest);
        await writeCachedText(deps, cacheName, entry, file);
        changed = false;
      }
      if (outcome.stopped) {
        if (outcome.stopped.by === 'time') {
          notes.push(outOfTimeNote(outcome.unread, file, ocr.config));
        } else {
          deps.log.warn('OCR of a PDF stopped', { fileId: file.fileId, reason: outcome.stopped.reason });
          notes.push(
            `${pagesPhrase(outcome.unread)} of ${quoted(file.fileName)} could not be read by OCR: ${outcome.stopped.reason}`,
          );
        }
      }
    } finally {
      await lease.release();
    }
    break;
  }
  if (changed) await writeCachedText(deps, cacheName, entry, file);
  return toDocumentText(file, entry, ocr.config, notes);
}

/** The note on scanned pages left unread because the job's OCR time ran out. */
function outOfTimeNote(unread: readonly number[], file: DocumentSource, config: OcrConfig): string {
  return (
    `${pagesPhrase(unread)} of ${quoted(file.fileName)} ${unread.length === 1 ? 'was' : 'were'} not read: ` +
    `this job's time for OCR (${config.maxSecondsPerJob} s) ran out. Generating again reads them; the pages read so ` +
    'far are kept.'
  );
}

/** How often a reader waiting for another's OCR of the same file looks at its lease. */
export const OCR_WAIT_POLL_MS = 1_000;

/**
 * Waits while another reader holds the file's OCR lease, reporting its pages
 * read as this job's progress. Answers 'released' once the lease is gone (or
 * has run out: its holder died, or the store cannot be read, and the caller
 * takes the lease itself), 'out-of-time' when the job's OCR time ran out
 * first. Throws the stop reason when the job is stopped.
 */
async function waitForOtherReader(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  cacheName: string,
  held: OcrLeaseDocument,
  ocr: DocumentOcr,
  file: DocumentSource,
): Promise<'released' | 'out-of-time'> {
  let lease: OcrLeaseDocument | undefined = held;
  let reported = -1;
  while (lease) {
    if (lease.done !== reported) {
      reported = lease.done;
      ocr.onPage?.(lease.done, lease.total, file);
    }
    if (ocr.budget.remainingMs <= 0) return 'out-of-time';
    const started = performance.now();
    await delay(OCR_WAIT_POLL_MS, undefined, ocr.signal ? { signal: ocr.signal } : {}).catch((error: unknown) => {
      ocr.signal?.throwIfAborted();
      throw error;
    });
    ocr.budget.remainingMs -= performance.now() - started;
    try {
      lease = await readLiveOcrLease(deps, cacheName);
    } catch (error) {
      deps.log.warn('Reading the OCR lease of a file failed; reading it here', { fileId: file.fileId, error });
      return 'released';
    }
  }
  return 'released';
}

/** Adds to `entry` the OCR'd pages `other` (the cache as another reader wrote it) has and it lacks. */
function addOcrOf(entry: CachedText, other: CachedText): boolean {
  const have = new Set(entry.ocr.map((page) => page.page));
  const missing = other.ocr.filter((page) => !have.has(page.page) && page.page <= entry.pages.length);
  if (missing.length === 0) return false;
  entry.ocr = [...entry.ocr, ...missing].sort((a, b) => a.page - b.page);
  return true;
}

/** The unusable pages not yet read by OCR: those within the per-file limit, and those beyond it. */
function ocrPlan(entry: CachedText, config: OcrConfig): { toRead: number[]; overLimit: number[] } {
  const done = new Set(entry.ocr.map((page) => page.page));
  const wanted = unusablePagesOf(entry.pages).filter((page) => !done.has(page));
  const room = Math.max(0, config.maxPagesPerFile - done.size);
  return { toRead: wanted.slice(0, room), overLimit: wanted.slice(room) };
}

async function download(deps: Pick<Deps, 'blobs'>, file: DocumentSource): Promise<Buffer> {
  const bytes = await deps.blobs.downloadBuffer(file.container, file.blobName);
  if (!bytes) {
    throw new DocumentUnreadableError(
      file.fileName,
      `${quoted(file.fileName)} could not be found in storage; it may have been deleted. Select the files again.`,
    );
  }
  return bytes;
}

async function writeCachedText(
  deps: Pick<Deps, 'blobs' | 'log'>,
  name: string,
  entry: CachedText,
  file: DocumentSource,
): Promise<void> {
  try {
    await deps.blobs.upload('text', name, Buffer.from(JSON.stringify(entry), 'utf8'), {
      contentType: 'application/json; charset=utf-8',
    });
  } catch (error) {
    // The text is in hand; without the cache the next draft only reads the file again.
    deps.log.error('Caching the text of a PDF failed', { fileId: file.fileId, error });
  }
}

async function readCachedText(deps: Pick<Deps, 'blobs' | 'log'>, name: string): Promise<CachedText | undefined> {
  let raw: Buffer | undefined;
  try {
    raw = await deps.blobs.downloadBuffer('text', name);
  } catch (error) {
    deps.log.warn('Reading a cached PDF text failed; extracting again', { name, error });
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const parsed = cachedTextSchema.safeParse(JSON.parse(raw.toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: not written by this code. Extract again and overwrite it.
  }
  deps.log.warn('Ignoring an unreadable cached PDF text', { name });
  return undefined;
}

function toDocumentText(file: DocumentSource, entry: CachedText, config: OcrConfig, notes: string[]): DocumentText {
  const pages = [...entry.pages];
  const ocrPages: OcrPageInfo[] = [];
  for (const read of entry.ocr) {
    if (read.page > pages.length || read.text.trim() === '') continue;
    pages[read.page - 1] = read.text;
    ocrPages.push({ page: read.page, confidence: read.confidence, poor: read.confidence < config.confidenceFloor });
  }
  const byOcr = new Set(ocrPages.map((page) => page.page));
  return {
    fileId: file.fileId,
    fileName: file.fileName,
    pages,
    scannedPages: unusablePagesOf(entry.pages).filter((page) => !byOcr.has(page)),
    encrypted: entry.encrypted,
    ...(ocrPages.length > 0 ? { ocrPages } : {}),
    ...(notes.length > 0 ? { ocrNotes: notes } : {}),
  };
}
