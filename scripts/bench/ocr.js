// OCR: scanned pages read by the product's OCR (ocrPdfPages: pdf.js draws each
// page at 300 dpi on a PDF thread, tesseract.js reads it with the Finnish,
// Swedish and English data from npm). The scan is made here: the first pages
// of the extraction benchmark's dense Finnish claim (finnish-pdf.js) drawn at
// 200 dpi (an office scanner's setting) and put into a new PDF as one image a
// page, with no text layer.
//
// Reported: the first page (with the engine's start: loading the three
// languages, once per process), then pages per second over BENCH_OCR_PAGES pages (default 3) with
// the engine warm, the mean confidence, and the share of the original's words
// found (goal: at least 90 %).
//
// Then a decision on a scanned case of BENCH_OCR_CASE_PAGES pages (default 20)
// through the product's pipeline (draftDecision, blobs in memory, a model that
// answers each call after BENCH_OCR_MODEL_DELAY_MS, default 20 s, about what a
// chapter takes a real deployment): once with nothing read before (the job
// OCRs every page) and once after OCR at upload (OCR_AT_UPLOAD): the upload's
// message on the 'ocr-files' queue read by the OCR worker through the durable
// in-process queue, finished before the decision. Reported: the background
// OCR's time and the share of the decision's time spent on OCR in each case.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { finnishPdf } from './finnish-pdf.js';
import { envNumber, goalLine } from './support.js';

const PAGES = envNumber('BENCH_OCR_PAGES', 3);
const SCAN_DPI = 200;
const GOAL_RECOVERY = 0.9;
const CASE_PAGES = envNumber('BENCH_OCR_CASE_PAGES', 20);
const MODEL_DELAY_MS = envNumber('BENCH_OCR_MODEL_DELAY_MS', 20_000);

export async function benchOcr() {
  const { ocrPdfPages, ocrBudget } = await import('../../functions/dist/pdf/ocr-pages.js');
  const { stopOcrEngine } = await import('../../functions/dist/pdf/ocr-engine.js');
  const { extractPdfText } = await import('../../functions/dist/pdf/pdf-text.js');
  const { closePdfWorkers, runPdfTask } = await import('../../functions/dist/pdf/pdf-worker-pool.js');
  try {
    const whole = await PDFDocument.load(readFileSync(await finnishPdf(Math.max(PAGES + 1, 5))));
    const original = await PDFDocument.create();
    for (const page of await original.copyPages(
      whole,
      Array.from({ length: PAGES + 1 }, (_unused, index) => index),
    )) {
      original.addPage(page);
    }
    const originalBytes = await original.save();
    const text = await extractPdfText(originalBytes.slice());
    if (!text.ok) throw new Error(text.reason);

    // The scan: every page drawn by pdf.js and embedded as a PNG.
    const scan = await PDFDocument.create();
    for (let number = 1; number <= PAGES + 1; number++) {
      const image = await runPdfTask('render', originalBytes.slice().buffer, 60_000, { page: number, dpi: SCAN_DPI });
      if (!image.ok) throw new Error(image.reason);
      const { width, height } = original.getPage(number - 1).getSize();
      scan.addPage([width, height]).drawImage(await scan.embedPng(image.png), { x: 0, y: 0, width, height });
    }
    const scanBytes = await scan.save();

    // Warm-up: page 1 starts the engine (and the PDF thread is already running).
    let started = performance.now();
    await ocrPdfPages(scanBytes, [1], ocrBudget(600));
    const firstMs = performance.now() - started;

    const pages = Array.from({ length: PAGES }, (_unused, index) => index + 2);
    started = performance.now();
    const outcome = await ocrPdfPages(scanBytes, pages, ocrBudget(3600));
    const ms = performance.now() - started;
    if (outcome.unread.length > 0) throw new Error(`OCR stopped: ${JSON.stringify(outcome.stopped)}`);

    const recovery = mean(outcome.read.map((page) => wordRecovery(text.pages[page.page - 1], page.text)));
    const confidence = mean(outcome.read.map((page) => page.confidence));
    const perSecond = (PAGES / ms) * 1000;
    const words = mean(pages.map((page) => text.pages[page - 1].split(/\s+/).length));
    console.log(
      `\nOCR (scanned A4 pages of dense Finnish text, ~${Math.round(words)} words a page, ${SCAN_DPI} dpi scan)`,
    );
    console.log(`  first page (the engine starting included)      ${(firstMs / 1000).toFixed(1)} s`);
    console.log(
      `  OCR                                            ${perSecond.toFixed(3)} pages/s ` +
        `(${(ms / PAGES / 1000).toFixed(1)} s a page over ${PAGES} pages, drawing at 300 dpi included)`,
    );
    console.log(`  a 20-page scanned case                          ${(20 / perSecond / 60).toFixed(1)} min of OCR`);
    console.log(`  mean confidence                                 ${confidence.toFixed(0)} %`);
    console.log(
      `  ${goalLine(recovery >= GOAL_RECOVERY, `words of the original found: ${(recovery * 100).toFixed(1)} % (goal ≥ ${GOAL_RECOVERY * 100} %)`)}`,
    );
    if (CASE_PAGES > 0) await decisionShare(scanBytes);
  } finally {
    await Promise.all([closePdfWorkers(), stopOcrEngine()]);
  }
}

/**
 * A decision on a scanned case, cold (OCR in the job) and after OCR at upload: the file's message on the
 * 'ocr-files' queue (the durable in-process queue on a SQLite store, as `npm start` runs it) read by the
 * product's OCR worker (runOcrUpload) until the queue settles it, then the decision. OCR's share of each.
 */
async function decisionShare(scanBytes) {
  const { draftDecision } = await import('../../functions/dist/services/decisions/draft-decision.js');
  const { queueUploadOcr, runOcrUpload, OCR_QUEUE } =
    await import('../../functions/dist/services/documents/ocr-uploads.js');
  const { createInProcessQueue } = await import('../../functions/dist/adapters/queue/in-process-queue.js');
  const { createSqliteStore } = await import('../../functions/dist/adapters/store/sqlite-store.js');
  const { ocrRecognitionCount } = await import('../../functions/dist/pdf/ocr-engine.js');
  const { defaultDecisionSettings } = await import('@ratkaisu/core');
  const { silentLogger } = await import('../../functions/dist/log.js');
  // The case: the scan's pages repeated up to CASE_PAGES, one file.
  const source = await PDFDocument.load(scanBytes);
  const scanned = await PDFDocument.create();
  for (let index = 0; index < CASE_PAGES; index++) {
    const [page] = await scanned.copyPages(source, [index % source.getPageCount()]);
    scanned.addPage(page);
  }
  const scannedBytes = Buffer.from(await scanned.save());
  const { loadConfig } = await import('../../functions/dist/config.js');
  // The product's defaults (generation limits and all); OCR without a time limit, so every page is read.
  const baseConfig = loadConfig({ RATKAISU_ENV: 'test' });
  const model = {
    kind: 'openai-compatible',
    // Chapters only, as text: no dispositive part to parse from the fake's one line.
    writesLegalText: false,
    complete: () =>
      new Promise((resolve) =>
        setTimeout(() => resolve({ text: 'Luvun teksti [K1 s.1].', model: 'fake-delayed' }), MODEL_DELAY_MS),
      ),
  };
  const clock = { now: () => new Date() };
  /** A fresh case: blobs in memory, a SQLite store in a temporary directory, the case's one work file. */
  const freshCase = async () => {
    const stored = new Map([['workfiles/case/scan.pdf', scannedBytes]]);
    const blobs = {
      downloadBuffer: async (container, name) => stored.get(`${container}/${name}`),
      upload: async (container, name, body) => {
        stored.set(`${container}/${name}`, Buffer.from(body));
        return { contentType: 'application/octet-stream', size: body.length, etag: 'e' };
      },
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'ratkaisu-bench-ocr-'));
    const store = createSqliteStore({ file: path.join(dir, 'bench.db'), clock });
    const disputeId = randomUUID();
    const fileId = randomUUID();
    await store.collection('files').create({
      id: fileId,
      pk: disputeId,
      disputeId,
      side: 'claimant',
      fileName: 'scan.pdf',
      blobName: 'case/scan.pdf',
      size: scannedBytes.length,
      dateCreated: clock.now().toISOString(),
      uploadedBy: 'bench',
    });
    const deps = {
      config: {
        ...baseConfig,
        generation: { ...baseConfig.generation, contextTokens: 128_000, concurrency: 4 },
        ocr: { maxPagesPerFile: 50, maxSecondsPerJob: 3600, confidenceFloor: 60, atUpload: true },
      },
      blobs,
      store,
      model,
      clock,
      log: silentLogger,
    };
    const close = async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { deps, file: { container: 'workfiles', disputeId, fileId }, close };
  };
  const decide = async (deps) => {
    const started = performance.now();
    await draftDecision(
      deps,
      {
        caseName: 'Skannattu asia',
        groups: [
          {
            prefix: 'K',
            phase: 'Claim',
            documents: [{ fileId: 'f', fileName: 'scan.pdf', container: 'workfiles', blobName: 'case/scan.pdf' }],
          },
        ],
        settings: defaultDecisionSettings(),
      },
      new AbortController().signal,
    );
    return performance.now() - started;
  };

  const cold = await freshCase();
  let coldMs;
  try {
    coldMs = await decide(cold.deps);
  } finally {
    await cold.close();
  }

  // OCR at upload: the upload queues the file's message; the OCR worker consumes it as the local host runs it.
  const warm = await freshCase();
  let backgroundMs;
  let warmMs;
  const queue = createInProcessQueue(warm.deps.store, { clock, pollIntervalMs: 200 });
  try {
    const deps = { ...warm.deps, queue };
    const uploaded = performance.now();
    await queueUploadOcr(deps, [warm.file]);
    const messages = warm.deps.store.collection('queue');
    if ((await messages.count({ partitionKey: OCR_QUEUE })) !== 1) throw new Error('The upload queued no OCR message.');
    queue.consume(OCR_QUEUE, (message, signal) => runOcrUpload(deps, message, signal), { concurrency: 1 });
    for (;;) {
      const [message] = (await messages.query({ partitionKey: OCR_QUEUE })).items;
      if (!message) break;
      if (message.status === 'dead-lettered') throw new Error(`The OCR queue job failed: ${message.lastError}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    backgroundMs = performance.now() - uploaded;
    const recognised = ocrRecognitionCount();
    warmMs = await decide(deps);
    if (ocrRecognitionCount() !== recognised) throw new Error('The decision after OCR at upload read pages by OCR.');
  } finally {
    await queue.close();
    await warm.close();
  }

  const ocrMs = Math.max(0, coldMs - warmMs);
  console.log(
    `\nDecision on a ${CASE_PAGES}-page scanned case (model calls answered after ${MODEL_DELAY_MS / 1000} s each)`,
  );
  console.log(
    `  without OCR at upload                           ${(coldMs / 1000).toFixed(0)} s, of which OCR ${(ocrMs / 1000).toFixed(0)} s ` +
      `(${((ocrMs / coldMs) * 100).toFixed(0)} %)`,
  );
  console.log(
    `  with OCR at upload (its queue job done first)   ${(warmMs / 1000).toFixed(0)} s, of which OCR 0 s (0 %)`,
  );
  console.log(`  the OCR queue job (upload to text cached)       ${(backgroundMs / 1000).toFixed(0)} s`);
}

function mean(values) {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

function wordsOf(text) {
  return text
    .toLowerCase()
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > 0);
}

/** The share of the original's words found in what OCR read, each occurrence matched once. */
function wordRecovery(original, read) {
  const pool = new Map();
  for (const word of wordsOf(read)) pool.set(word, (pool.get(word) ?? 0) + 1);
  const words = wordsOf(original);
  let found = 0;
  for (const word of words) {
    const left = pool.get(word) ?? 0;
    if (left > 0) {
      found++;
      pool.set(word, left - 1);
    }
  }
  return words.length === 0 ? 1 : found / words.length;
}
