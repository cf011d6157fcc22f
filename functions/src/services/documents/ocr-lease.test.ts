import type { JobProgress } from '@ratkaisu/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeFinnishPdf } from '../../../../tests/api/support/finnish-pdf.js';
import { createSqliteStore } from '../../adapters/store/sqlite-store.js';
import { DEFAULT_OCR_CONFIG, loadConfig } from '../../config.js';
import type { Deps } from '../../deps.js';
import { silentLogger } from '../../log.js';
import { closePdfWorkers } from '../../pdf/pdf-worker-pool.js';
import { extractPdfText, PDF_TEXT_EXTRACTOR_VERSION } from '../../pdf/pdf-text.js';
import type * as OcrPages from '../../pdf/ocr-pages.js';
import type { Blobs } from '../../ports/blobs.js';
import type { Clock } from '../../ports/clock.js';
import type { BaseDoc, Collection, CollectionName, Store } from '../../ports/store.js';
import type { DocumentSource } from './document-text.js';
import { acquireOcrLease, OCR_LEASE_MS, type OcrLease } from './ocr-lease.js';

/**
 * The OCR lease of a file between readers that do not share a process (the
 * OCR-at-upload worker on one instance, a decision job on another): a job
 * waits for the reader that holds it, shows its progress, and OCRs nothing
 * itself; a reader that died is taken over; waiting costs the job's OCR time.
 * The OCR engine is a fake that counts its calls: what is tested is who reads,
 * not how well.
 */
// Each test reads a PDF on the PDF thread; on a busy 2-core machine that alone may take seconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const engine = vi.hoisted(() => ({ calls: [] as number[][], pageMs: 0 }));
vi.mock('../../pdf/ocr-pages.js', async (importOriginal) => {
  const actual = await importOriginal<typeof OcrPages>();
  return {
    ...actual,
    ocrPdfPages: async (
      _bytes: Uint8Array,
      pages: readonly number[],
      _budget: unknown,
      onPage?: (done: number, total: number) => void,
    ) => {
      engine.calls.push([...pages]);
      const read = [];
      for (const page of pages) {
        await new Promise((resolve) => setTimeout(resolve, engine.pageMs));
        read.push({ page, text: `Sivu ${page}: kauppahinta 12 500 euroa, luettu kuvasta.`, confidence: 91, ms: 5 });
        onPage?.(read.length, pages.length);
      }
      return { read, unread: [] };
    },
  };
});

const { documentOcr, loadDocumentText, textCacheName } = await import('./load-document-text.js');

let now = Date.parse('2026-03-02T09:00:00.000Z');
const clock: Clock = { now: () => new Date(now) };
let store: Store;
let scan: Buffer;

const file: DocumentSource = {
  fileId: 'f1',
  fileName: 'Skannattu.pdf',
  container: 'attachments',
  blobName: 'case-1/scan',
};

function memoryBlobs(): Blobs {
  const stored = new Map<string, Buffer>([[`attachments/${file.blobName}`, scan]]);
  return {
    kind: 'azurite',
    init: async () => undefined,
    ping: async () => undefined,
    upload: async (container, name, body) => {
      stored.set(`${container}/${name}`, Buffer.from(body as Buffer));
      return { contentType: 'application/json', size: 0, etag: 'e' };
    },
    downloadBuffer: async (container, name) => {
      const bytes = stored.get(`${container}/${name}`);
      return bytes && Buffer.from(bytes);
    },
    download: async () => undefined,
    properties: async () => undefined,
    delete: async (container, name) => stored.delete(`${container}/${name}`),
  };
}

/** The cache as the other reader leaves it: both scanned pages read. */
async function writeOthersCache(blobs: Blobs): Promise<void> {
  const entry = {
    extractor: PDF_TEXT_EXTRACTOR_VERSION,
    source: { container: file.container, blobName: file.blobName, size: scan.length },
    encrypted: false,
    pages: ['', ''],
    ocr: [1, 2].map((page) => ({ page, text: `Sivu ${page}: luettu taustalla.`, confidence: 88, ms: 9000 })),
    extractedAt: clock.now().toISOString(),
  };
  await blobs.upload('text', textCacheName(file), Buffer.from(JSON.stringify(entry)), {
    contentType: 'application/json',
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 40_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  scan = Buffer.from(await makeFinnishPdf([null, null]));
  // Starts the PDF thread (pdf.js loading in it takes seconds on a busy machine), so the tests time only themselves.
  await extractPdfText(new Uint8Array(scan));
});
beforeEach(() => {
  store = createSqliteStore({ file: ':memory:', clock });
  engine.calls.length = 0;
  engine.pageMs = 0;
});
afterEach(async () => {
  await store.close();
});
afterAll(async () => {
  await closePdfWorkers();
});

describe('a file another reader is OCRing', () => {
  it('is waited for: the job shows the reader’s progress as its own and OCRs nothing itself', async () => {
    const blobs = memoryBlobs();
    const deps = { blobs, store, clock, log: silentLogger };
    const other = await acquireOcrLease(deps, textCacheName(file), 2);
    expect('lease' in other).toBe(true);
    const lease = (other as { lease: OcrLease }).lease;

    const progress: JobProgress[] = [];
    const job = loadDocumentText(
      deps,
      file,
      documentOcr(DEFAULT_OCR_CONFIG, undefined, (p) => progress.push(p)),
    );
    await until(() => progress.length > 0, 'the job reports the other reader’s progress');
    expect(progress).toEqual([{ stage: 'ocr', done: 0, total: 2, fileName: 'Skannattu.pdf' }]);
    lease.progress(1);
    await until(() => progress.length > 1, 'the job reports the next page');
    expect(progress[1]).toEqual({ stage: 'ocr', done: 1, total: 2, fileName: 'Skannattu.pdf' });

    await writeOthersCache(blobs);
    await lease.release();
    const text = await job;
    expect(text.ocrPages?.map((page) => page.page)).toEqual([1, 2]);
    expect(text.pages[1]).toBe('Sivu 2: luettu taustalla.');
    expect(text.scannedPages).toEqual([]);
    expect(engine.calls).toEqual([]);
  });

  it('is taken over when its reader stops renewing the lease (it died): the job reads the pages itself', async () => {
    const blobs = memoryBlobs();
    // Counts the waiter's looks at the lease, so the test can say "it looked again and still waited".
    let leaseReads = 0;
    const watched: Store = Object.assign(Object.create(store) as Store, {
      collection: <T extends BaseDoc>(name: CollectionName) => {
        const collection = store.collection<T>(name);
        if (name !== 'leases') return collection;
        return Object.assign(Object.create(collection) as Collection<T>, {
          read: async (pk: string, id: string) => {
            const found = await collection.read(pk, id);
            leaseReads += 1;
            return found;
          },
        });
      },
    });
    const deps = { blobs, store: watched, clock, log: silentLogger };
    const dead = await acquireOcrLease(deps, textCacheName(file), 2);

    const progress: JobProgress[] = [];
    const job = loadDocumentText(
      deps,
      file,
      documentOcr(DEFAULT_OCR_CONFIG, undefined, (p) => progress.push(p)),
    );
    await until(() => progress.length > 0, 'the job waits for the lease');
    // While the lease is live, the waiter looks at it again and again and reads nothing itself.
    const looked = leaseReads;
    await until(() => leaseReads >= looked + 2, 'the job has looked at the live lease twice more');
    expect(engine.calls).toEqual([]);
    now += OCR_LEASE_MS + 1;
    const text = await job;
    expect(engine.calls).toEqual([[1, 2]]);
    expect(text.ocrPages?.map((page) => page.page)).toEqual([1, 2]);
    expect(await store.collection('leases').count({})).toBe(0);
    await (dead as { lease: OcrLease }).lease.release();
  });

  it('costs the job’s OCR time: when it runs out first, the pages are listed as not read', async () => {
    const deps = { blobs: memoryBlobs(), store, clock, log: silentLogger };
    const other = await acquireOcrLease(deps, textCacheName(file), 2);
    const text = await loadDocumentText(deps, file, documentOcr({ ...DEFAULT_OCR_CONFIG, maxSecondsPerJob: 1 }));
    expect(engine.calls).toEqual([]);
    expect(text.scannedPages).toEqual([1, 2]);
    expect(text.ocrNotes).toEqual([
      'Pages 1, 2 of "Skannattu.pdf" were not read: this job\'s time for OCR (1 s) ran out. ' +
        'Generating again reads them; the pages read so far are kept.',
    ]);
    await (other as { lease: OcrLease }).lease.release();
  });
});

describe('a decision job', () => {
  // The progress a decision reports is documentOcr's, the same the wait above reports through.
  it('reports "reading scanned pages n/m" through its progress for each page it OCRs', async () => {
    const { draftDecision } = await import('../decisions/draft-decision.js');
    const { createOfflineModel } = await import('../../adapters/model/offline-model.js');
    const { defaultDecisionSettings } = await import('@ratkaisu/core');
    const blobs = memoryBlobs();
    const deps = {
      blobs,
      store,
      clock,
      log: silentLogger,
      model: createOfflineModel(),
      config: loadConfig({ RATKAISU_ENV: 'test' }),
    } as unknown as Deps;
    const progress: JobProgress[] = [];
    const decide = () =>
      draftDecision(
        deps,
        {
          caseName: 'Skannattu asia',
          groups: [{ prefix: 'K', phase: 'Claim', documents: [file] }],
          settings: defaultDecisionSettings(),
        },
        new AbortController().signal,
        (p) => progress.push(p),
      );

    const draft = await decide();
    // No other reader: the job holds the file's lease itself, and lets it go.
    expect(engine.calls).toEqual([[1, 2]]);
    expect(progress.filter((p) => p.stage === 'ocr')).toEqual([
      { stage: 'ocr', done: 1, total: 2, fileName: 'Skannattu.pdf' },
      { stage: 'ocr', done: 2, total: 2, fileName: 'Skannattu.pdf' },
    ]);
    expect(draft.documents.map((row) => row.note)).toEqual(['luettu skannatusta kuvasta (OCR): ss. 1, 2']);
    expect(await store.collection('leases').count({})).toBe(0);
  }, 30_000);
});

describe('two readers of one file in one process', () => {
  it('OCR it once, the second showing the first one’s progress', async () => {
    const deps = { blobs: memoryBlobs(), store, clock, log: silentLogger };
    engine.pageMs = 1_200;
    const progress: JobProgress[] = [];
    const [first, second] = await Promise.all([
      loadDocumentText(deps, file, documentOcr(DEFAULT_OCR_CONFIG)),
      loadDocumentText(
        deps,
        file,
        documentOcr(DEFAULT_OCR_CONFIG, undefined, (p) => progress.push(p)),
      ),
    ]);
    expect(engine.calls).toEqual([[1, 2]]);
    expect(second.pages).toEqual(first.pages);
    expect(first.ocrPages?.map((page) => page.page)).toEqual([1, 2]);
    // Whichever of the two read the pages, the second reported them page by page.
    expect(progress.at(-1)).toMatchObject({ stage: 'ocr', total: 2 });
  });
});

describe('two readers of one file in two processes', () => {
  it('OCR it once: the second waits for the first and finds its pages in the cache', async () => {
    const blobs = memoryBlobs();
    const deps = { blobs, store, clock, log: silentLogger };
    // A second copy of the module: its own in-process map of loads, as another instance has.
    vi.resetModules();
    const elsewhere = await import('./load-document-text.js');
    const elsewherePdf = await import('../../pdf/pdf-worker-pool.js');
    onTestFinished(() => elsewherePdf.closePdfWorkers());
    expect(elsewhere.loadDocumentText).not.toBe(loadDocumentText);
    engine.pageMs = 300;

    const [first, second] = await Promise.all([
      loadDocumentText(deps, file, documentOcr(DEFAULT_OCR_CONFIG)),
      elsewhere.loadDocumentText(deps, file, elsewhere.documentOcr(DEFAULT_OCR_CONFIG)),
    ]);
    expect(engine.calls).toEqual([[1, 2]]);
    expect(first.ocrPages?.map((page) => page.page)).toEqual([1, 2]);
    expect(second.pages).toEqual(first.pages);
    expect(await store.collection('leases').count({})).toBe(0);
  });
});
