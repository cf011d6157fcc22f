/**
 * Tesseract (tesseract.js, WebAssembly) with the Finnish, Swedish and English
 * trained data installed from npm (@tesseract.js-data/fin, …/swe, …/eng, the
 * LSTM "best_int" models): nothing is fetched at run time, here or in production.
 *
 * One recognition at a time, on tesseract.js's own worker thread, so OCR
 * never blocks the event loop and takes at most one core of a small machine
 * (pdf.js draws the next page on the PDF pool's thread meanwhile, ocr-pages.ts).
 * The engine starts on first use (loading three languages takes 1–3 s) and
 * stops after a minute idle, like the PDF threads.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, stat, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';

/** Finnish first: it decides the page's layout; Swedish and English words are recognised beside it. */
export const OCR_LANGUAGES = ['fin', 'swe', 'eng'] as const;

/** The trained data's folder in each @tesseract.js-data package (the LSTM models tesseract.js itself uses). */
const MODEL_FOLDER = '4.0.0_best_int';
const IDLE_MS = 60_000;

export interface OcrPageText {
  text: string;
  /** Tesseract's mean word confidence for the page, 0–100 (0 when it found no words). */
  confidence: number;
}

/** OCR did not finish: the engine could not start, or the page took longer than its limit. */
export class OcrEngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OcrEngineError';
  }
}

let engine: Promise<TesseractWorker> | undefined;
let idleTimer: NodeJS.Timeout | undefined;
/** Recognitions run one after another: a chain every call waits its turn on. */
let queue: Promise<unknown> = Promise.resolve();
let recognitions = 0;

/** How many pages the engine has recognised in this process (tests: a cached page is not read again). */
export function ocrRecognitionCount(): number {
  return recognitions;
}

/**
 * The text of one page image (PNG bytes), with Tesseract's mean confidence.
 * `dpi` is the image's resolution (it sets Tesseract's idea of text size).
 * A page that takes longer than `timeoutMs` stops the engine (it cannot be
 * interrupted otherwise) and throws OcrEngineError; the next call starts a new one.
 */
export function recognizePage(png: Uint8Array, options: { dpi: number; timeoutMs: number }): Promise<OcrPageText> {
  const run = queue.then(() => recognizeNow(png, options));
  queue = run.catch(() => undefined);
  return run;
}

async function recognizeNow(png: Uint8Array, options: { dpi: number; timeoutMs: number }): Promise<OcrPageText> {
  clearTimeout(idleTimer);
  const worker = await startEngine();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      void stopOcrEngine();
      reject(new OcrEngineError(`Reading the page took longer than ${Math.ceil(options.timeoutMs / 1000)} s.`));
    }, options.timeoutMs);
  });
  try {
    await worker.setParameters({ user_defined_dpi: String(options.dpi) });
    const { data } = await Promise.race([
      worker.recognize(Buffer.from(png.buffer, png.byteOffset, png.byteLength)),
      timeout,
    ]);
    recognitions++;
    return { text: tidy(data.text), confidence: Math.round(data.confidence ?? 0) };
  } finally {
    clearTimeout(timer);
    if (engine) {
      idleTimer = setTimeout(() => void stopOcrEngine(), IDLE_MS);
      idleTimer.unref();
    }
  }
}

/** Stops the engine (tests, shutdown); the next page starts it again. */
export async function stopOcrEngine(): Promise<void> {
  clearTimeout(idleTimer);
  const running = engine;
  engine = undefined;
  if (!running) return;
  try {
    await (await running).terminate();
  } catch {
    // It never started, or has already stopped.
  }
}

function startEngine(): Promise<TesseractWorker> {
  engine ??= (async () => {
    const langPath = await languageFolder();
    try {
      return await createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        // The data is read from langPath each start; tesseract.js's own cache would write into the working folder.
        cacheMethod: 'none',
        // Without a handler tesseract.js throws a failed job's error from its message listener, which would be
        // an uncaught exception that ends the process; the job's own promise rejects with it all the same.
        errorHandler: () => undefined,
      });
    } catch (error) {
      throw new OcrEngineError(
        `The OCR engine could not start: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  })();
  const started = engine;
  // A failed start is not kept: the next page tries again.
  started.catch(() => {
    if (engine === started) engine = undefined;
  });
  return started;
}

let folder: Promise<string> | undefined;

/**
 * tesseract.js reads every language from one folder (`langPath/<code>.traineddata.gz`),
 * while each npm package holds its own; a folder of links to them (copies
 * where links cannot be made) is made once per machine under the temp folder.
 */
function languageFolder(): Promise<string> {
  folder ??= (async () => {
    const require = createRequire(import.meta.url);
    const version = (require('tesseract.js/package.json') as { version: string }).version;
    const target = path.join(tmpdir(), `ratkaisu-tessdata-${version}-${MODEL_FOLDER}`);
    await mkdir(target, { recursive: true });
    for (const code of OCR_LANGUAGES) {
      const file = `${code}.traineddata.gz`;
      const source = path.join(
        path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)),
        MODEL_FOLDER,
        file,
      );
      const link = path.join(target, file);
      const existing = await stat(link).catch(() => undefined);
      const wanted = await stat(source);
      if (existing?.size === wanted.size) continue;
      // Made under a name of its own and renamed into place: another process may be doing the same.
      const temporary = `${link}.${process.pid}.${randomUUID()}`;
      await symlink(source, temporary).catch(() => copyFile(source, temporary));
      await rename(temporary, link);
    }
    return target;
  })();
  folder.catch(() => {
    folder = undefined;
  });
  return folder;
}

/** Tesseract's text without trailing spaces on lines or runs of empty lines. */
function tidy(text: string): string {
  return text
    .replace(/[ \t]+$/gmu, '')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}
