// Kept over piscina: a file's time limit starts when pdf.js starts on it (piscina's abort signal runs from submission, so files queued behind a slow one would time out), and a thread that cannot start is an error, not a bad file.
import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type {
  PageRender,
  PageShare,
  PdfRangeAnswer,
  PdfTaskKind,
  PdfTaskResult,
  PdfWorkerMessage,
  PdfWorkerRequest,
} from './pdf.worker.js';

/**
 * A file pdf.js reads by ranges instead of whole (a stored blob): `read`
 * answers the bytes from `begin` up to `end` (exclusive). A read that fails
 * fails the task (runPdfTask rejects): that is the storage's fault, not the file's.
 */
export interface PdfRangeSource {
  length: number;
  read(begin: number, end: number): Promise<Uint8Array>;
}

/** An idle thread is kept this long, so a burst of uploads does not pay pdf.js's start-up each time. */
const IDLE_MS = 60_000;
/** A hostile file that makes pdf.js allocate without end hits this and costs only its own thread. */
const RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256 };
/**
 * One core stays with the event loop; on a small machine that leaves one
 * pdf.js thread. Where there are two, a long file is read by both at once
 * (pdf-text.ts). Measured on two cores: a second thread sharing the event
 * loop's core gained nothing when other work kept the cores busy, and cost a
 * second open of the file and ~80 MiB.
 */
export const PDF_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * Runs one pdf.js task (inspection, text extraction, or drawing a page for OCR) on a worker thread with
 * a time limit. Takes ownership of `data` (it is transferred, so it is
 * detached here afterwards). Resolves `ok: false` when the task times out or
 * its thread dies; rejects only when a thread cannot start at all (a broken
 * installation, which must surface as a server error rather than as a bad file).
 */
export function runPdfTask<K extends PdfTaskKind>(
  kind: K,
  data: ArrayBuffer | PdfRangeSource,
  timeoutMs: number,
  share?: K extends 'render' ? PageRender : PageShare,
): Promise<PdfTaskResult<K> | PdfTaskFailure> {
  return pool.run(kind, data, timeoutMs, share) as Promise<PdfTaskResult<K> | PdfTaskFailure>;
}

/** The task did not finish: it ran out of time, or its thread died (a heap limit, a crash in pdf.js). */
export interface PdfTaskFailure {
  ok: false;
  failure: 'timeout' | 'stopped';
  reason: string;
}

export function isPdfTaskFailure(result: { ok: boolean }): result is PdfTaskFailure {
  return !result.ok && 'failure' in result;
}

/** Stops every PDF thread (tests, shutdown). Tasks still queued are refused. */
export async function closePdfWorkers(): Promise<void> {
  await pool.close();
}

/**
 * The bytes as an ArrayBuffer the pool may transfer: the view's own buffer
 * when it spans all of it (no copy, so a 20 MB file is not held twice),
 * otherwise a copy (a slice, Node's pooled small Buffers).
 */
export function ownedBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return buffer;
  // A copy of exactly these bytes. Not `bytes.slice()`: on a Node Buffer that is a view of the same memory, and
  // a small Buffer's memory is Node's shared pool, which holds other buffers' bytes too.
  return new Uint8Array(bytes).buffer;
}

interface Job {
  kind: PdfTaskKind;
  data: ArrayBuffer | PdfRangeSource;
  timeoutMs: number;
  share?: PageShare | PageRender;
  resolve: (result: PdfTaskResult<PdfTaskKind> | PdfTaskFailure) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  /** pdf.js has loaded in it. */
  ready: boolean;
  running?: { id: number; job: Job; timer?: NodeJS.Timeout };
  idleTimer?: NodeJS.Timeout;
}

/**
 * A few worker threads, one file each at a time, started on demand. A thread
 * that times out or dies is thrown away and replaced by the next job.
 */
class PdfThreadPool {
  private readonly threads = new Set<Thread>();
  private readonly queue: Job[] = [];
  private nextId = 1;

  run(
    kind: PdfTaskKind,
    data: ArrayBuffer | PdfRangeSource,
    timeoutMs: number,
    share: PageShare | PageRender | undefined,
  ): Promise<PdfTaskResult<PdfTaskKind> | PdfTaskFailure> {
    return new Promise((resolve, reject) => {
      this.queue.push({ kind, data, timeoutMs, share, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('The PDF workers were stopped.'));
    const threads = [...this.threads];
    this.threads.clear();
    for (const thread of threads) {
      clearTimeout(thread.idleTimer);
      clearTimeout(thread.running?.timer);
      thread.running?.job.reject(new Error('The PDF workers were stopped.'));
    }
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const thread = this.idleThread() ?? (this.threads.size < PDF_THREADS ? this.spawn() : undefined);
      if (!thread) return;
      const job = this.queue.shift()!;
      clearTimeout(thread.idleTimer);
      thread.worker.ref();
      thread.running = { id: this.nextId++, job };
      if (thread.ready) this.dispatch(thread);
    }
  }

  private idleThread(): Thread | undefined {
    for (const thread of this.threads) if (!thread.running) return thread;
    return undefined;
  }

  private spawn(): Thread {
    const thread: Thread = { worker: startWorker(), ready: false };
    this.threads.add(thread);
    thread.worker.on('message', (message: PdfWorkerMessage) => {
      if ('ready' in message) {
        thread.ready = true;
        if (thread.running) this.dispatch(thread);
        return;
      }
      if (thread.running?.id !== message.id) return;
      if ('range' in message) this.readRange(thread, message.id, message.range);
      else this.finish(thread, message.result);
    });
    thread.worker.on('error', (error) => this.lose(thread, error));
    thread.worker.on('exit', (code) => this.lose(thread, new Error(`The PDF worker exited with code ${code}.`)));
    return thread;
  }

  /** Sends the thread's job; the clock starts now, so a thread's start-up never counts against a file. */
  private dispatch(thread: Thread): void {
    const running = thread.running!;
    const { kind, data, share } = running.job;
    const source = data instanceof ArrayBuffer ? { data } : { length: data.length };
    const request: PdfWorkerRequest =
      kind === 'render'
        ? { id: running.id, kind, ...source, render: share as PageRender }
        : { id: running.id, kind, ...source, share: share as PageShare | undefined };
    running.timer = setTimeout(() => {
      this.discard(thread);
      running.job.resolve({
        ok: false,
        failure: 'timeout',
        reason: `pdf.js did not finish within ${running.job.timeoutMs} ms.`,
      });
      this.pump();
    }, running.job.timeoutMs);
    thread.worker.postMessage(request, data instanceof ArrayBuffer ? [data] : []);
  }

  /** Answers a range pdf.js asked for; a read that fails ends the task and the thread (rejects the job). */
  private readRange(thread: Thread, id: number, range: { begin: number; end: number }): void {
    const running = thread.running!;
    const source = running.job.data;
    if (source instanceof ArrayBuffer) return;
    const begin = Math.max(0, Math.min(range.begin, source.length));
    const end = Math.max(begin, Math.min(range.end, source.length));
    source
      .read(begin, end)
      .then((bytes) => {
        if (thread.running?.id !== id) return;
        if (bytes.byteLength !== end - begin) {
          throw new Error(`A range read answered ${bytes.byteLength} bytes of ${end - begin}.`);
        }
        const data = ownedBuffer(bytes);
        thread.worker.postMessage({ rangeFor: id, begin, data } satisfies PdfRangeAnswer, [data]);
      })
      .catch((error: unknown) => {
        if (thread.running?.id !== id) return;
        clearTimeout(running.timer);
        thread.running = undefined;
        this.discard(thread);
        running.job.reject(error);
        this.pump();
      });
  }

  private finish(thread: Thread, result: PdfTaskResult<PdfTaskKind>): void {
    const running = thread.running!;
    clearTimeout(running.timer);
    thread.running = undefined;
    running.job.resolve(result);
    if (this.queue.length > 0) {
      this.pump();
      return;
    }
    // Idle threads never keep the process alive.
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => this.discard(thread), IDLE_MS);
    thread.idleTimer.unref();
  }

  /** The thread failed or exited on its own. */
  private lose(thread: Thread, error: Error): void {
    if (!this.threads.delete(thread)) return;
    clearTimeout(thread.idleTimer);
    const running = thread.running;
    if (running) {
      clearTimeout(running.timer);
      if (thread.ready) {
        running.job.resolve({ ok: false, failure: 'stopped', reason: `The PDF reader stopped: ${error.message}` });
      } else running.job.reject(error);
    }
    void thread.worker.terminate();
    this.pump();
  }

  private discard(thread: Thread): void {
    this.threads.delete(thread);
    clearTimeout(thread.idleTimer);
    void thread.worker.terminate();
  }
}

const pool = new PdfThreadPool();

/**
 * Compiled, the worker is the .js beside this file. Under vitest or tsx this
 * file is TypeScript, and so is the worker: it registers tsx itself before
 * importing the worker module, because Node 20 does not apply `--import tsx`
 * given in a worker's execArgv to the worker's own entry module.
 */
function startWorker(): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const url = new URL(`./pdf.worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSources) return new Worker(url, { resourceLimits: RESOURCE_LIMITS });
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { eval: true, resourceLimits: RESOURCE_LIMITS });
}
