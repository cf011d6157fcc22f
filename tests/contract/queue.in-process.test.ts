/**
 * Contract tests of the durable in-process queue (the local stack's Queue),
 * run against the store the local stack uses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createInProcessQueue,
  type InProcessQueue,
  type InProcessQueueOptions,
  type QueueMessageDoc,
} from '../../functions/src/adapters/queue/in-process-queue.js';
import { createSqliteStore } from '../../functions/src/adapters/store/sqlite-store.js';
import type { Clock } from '../../functions/src/ports/clock.js';
import { DeliveryDeferred, type ReceivedMessage } from '../../functions/src/ports/queue.js';
import type { Store } from '../../functions/src/ports/store.js';

/** The local stack's store: a SQLite file; two stores on one file act as two processes. */
const openStore = (file: string, clock?: Clock): Store => createSqliteStore({ file, clock });

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function movableClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

describe('in-process queue', () => {
  let dir: string;
  let file: string;
  const cleanups: (() => Promise<void>)[] = [];
  /** Background errors the queue reported; none are expected in these scenarios. */
  const backgroundErrors: string[] = [];

  function open(options: InProcessQueueOptions = {}): { store: Store; queue: InProcessQueue } {
    const store = openStore(file, options.clock);
    const queue = createInProcessQueue(store, {
      pollIntervalMs: 50,
      retryDelayMs: 0,
      onError: (error, context) => backgroundErrors.push(`${context}: ${String(error)}`),
      ...options,
    });
    cleanups.push(async () => {
      await queue.close();
      await store.close();
    });
    return { store, queue };
  }

  const queueDocs = (store: Store) => store.collection<QueueMessageDoc>('queue');

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ratkaisu-queue-'));
    file = path.join(dir, 'store.db');
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    rmSync(dir, { recursive: true, force: true });
    expect(backgroundErrors.splice(0)).toEqual([]);
  });

  it('delivers a sent message once, with its job id, and removes it on success', async () => {
    const { store, queue } = open();
    const seen: ReceivedMessage[] = [];
    const stop = queue.consume('claim-jobs', async (message) => {
      seen.push(message);
    });
    await queue.send('claim-jobs', { jobId: 'job-1' });
    await waitFor(() => seen.length === 1);
    await queue.drain();
    expect(await queueDocs(store).read('claim-jobs', 'job-1')).toBeUndefined();
    expect(seen).toEqual([{ jobId: 'job-1', deliveryCount: 1 }]);
    await stop();
    await queue.ping();
  });

  it("hands the sender's trace context to the consumer as it was sent, also across a deferral", async () => {
    const { queue } = open();
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const seen: ReceivedMessage[] = [];
    const stop = queue.consume('claim-jobs', async (message) => {
      seen.push(message);
    });
    await queue.send('claim-jobs', { jobId: 'job-traced', traceparent });
    await queue.sendAt('claim-jobs', { jobId: 'job-later', traceparent }, new Date(Date.now() - 1));
    await waitFor(() => seen.length === 2);
    await queue.drain();
    expect(seen.map((message) => message.traceparent)).toEqual([traceparent, traceparent]);
    await stop();
  });

  it('keeps queues apart', async () => {
    const { queue } = open();
    const claims: string[] = [];
    const decisions: string[] = [];
    const stops = [
      queue.consume('claim-jobs', async (m) => void claims.push(m.jobId)),
      queue.consume('decision-jobs', async (m) => void decisions.push(m.jobId)),
    ];
    await queue.send('claim-jobs', { jobId: 'c' });
    await queue.send('decision-jobs', { jobId: 'd' });
    await waitFor(() => claims.length === 1 && decisions.length === 1);
    expect(claims).toEqual(['c']);
    expect(decisions).toEqual(['d']);
    await Promise.all(stops.map((stop) => stop()));
  });

  it('runs a duplicate send of the same job id once', async () => {
    const { queue } = open();
    await queue.send('claim-jobs', { jobId: 'dup' });
    await queue.send('claim-jobs', { jobId: 'dup' });
    const seen: string[] = [];
    queue.consume('claim-jobs', async (message) => {
      seen.push(message.jobId);
    });
    await queue.drain();
    expect(seen).toEqual(['dup']);
  });

  it('respects the concurrency limit and still runs everything', async () => {
    const { queue } = open();
    let active = 0;
    let maxActive = 0;
    const done: string[] = [];
    queue.consume(
      'claim-jobs',
      async (message) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(30);
        active -= 1;
        done.push(message.jobId);
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 7; i++) await queue.send('claim-jobs', { jobId: `job-${i}` });
    await waitFor(() => done.length === 7);
    expect(maxActive).toBe(2);
    expect(new Set(done).size).toBe(7);
  });

  it('redelivers after a failure with a higher delivery count', async () => {
    const { queue } = open();
    const seen: ReceivedMessage[] = [];
    queue.consume('claim-jobs', async (message) => {
      seen.push(message);
      if (message.deliveryCount === 1) throw new Error('transient');
    });
    await queue.send('claim-jobs', { jobId: 'flaky' });
    await queue.drain();
    expect(seen).toEqual([
      { jobId: 'flaky', deliveryCount: 1 },
      { jobId: 'flaky', deliveryCount: 2 },
    ]);
  });

  it('dead-letters a message after maxDeliveryCount failures and does not deliver it again', async () => {
    const deadLetters: string[] = [];
    const { store, queue } = open({
      maxDeliveryCount: 3,
      onDeadLetter: (queueName, messageId, lastError) => deadLetters.push(`${queueName} ${messageId}: ${lastError}`),
    });
    const counts: number[] = [];
    queue.consume('claim-jobs', async (message) => {
      counts.push(message.deliveryCount);
      throw new Error(`boom ${message.deliveryCount}`);
    });
    await queue.send('claim-jobs', { jobId: 'poison' });
    await queue.drain();
    expect(counts).toEqual([1, 2, 3]);
    const doc = await queueDocs(store).read('claim-jobs', 'poison');
    expect(doc).toMatchObject({ status: 'dead-lettered', deliveryCount: 3, lastError: 'boom 3' });
    // Said once, for the log (the composition root logs it; an upload's OCR has nothing else to show for it).
    expect(deadLetters).toEqual(['claim-jobs poison: boom 3']);
    // A later send of the same job id does not resurrect it.
    await queue.send('claim-jobs', { jobId: 'poison' });
    await queue.drain();
    expect(counts).toEqual([1, 2, 3]);
  });

  it('backs off before redelivering a failed message', async () => {
    const clock = movableClock();
    const { queue } = open({ clock, retryDelayMs: 10_000 });
    const counts: number[] = [];
    queue.consume('claim-jobs', async (message) => {
      counts.push(message.deliveryCount);
      if (message.deliveryCount === 1) throw new Error('later');
    });
    await queue.send('claim-jobs', { jobId: 'backoff' });
    await queue.drain();
    expect(counts).toEqual([1]);
    clock.advance(10_001);
    await queue.drain();
    expect(counts).toEqual([1, 2]);
  });

  it('delivers a deferred message again at its time, not counting the deferred delivery, however often', async () => {
    const clock = movableClock();
    const { store, queue } = open({ clock, maxDeliveryCount: 2 });
    const counts: number[] = [];
    queue.consume('decision-jobs', async (message) => {
      counts.push(message.deliveryCount);
      // Deferred three times: more than maxDeliveryCount, yet never dead-lettered (a deferral is no failure).
      if (counts.length <= 3) throw new DeliveryDeferred(new Date(clock.now().getTime() + 60_000));
    });
    await queue.send('decision-jobs', { jobId: 'waits' });
    for (let round = 1; round <= 3; round++) {
      // Everything visible is delivered and settled: the deferred message is not (it waits for its time).
      await queue.drain();
      expect(counts).toHaveLength(round);
      expect(await queueDocs(store).read('decision-jobs', 'waits')).toMatchObject({
        status: 'pending',
        deliveryCount: 0,
        visibleAt: clock.now().getTime() + 60_000,
      });
      clock.advance(60_001);
    }
    await queue.drain();
    expect(counts).toEqual([1, 1, 1, 1]);
    await waitFor(async () => (await queueDocs(store).read('decision-jobs', 'waits')) === undefined);
  });

  it('sendAt queues a message of its own, delivered not before its time, beside one being handled', async () => {
    const clock = movableClock();
    const { store, queue } = open({ clock });
    const seen: string[] = [];
    const at = new Date(clock.now().getTime() + 30_000);
    queue.consume('claim-jobs', async (message) => {
      seen.push(message.jobId);
      if (seen.length === 1) await queue.sendAt('claim-jobs', { jobId: message.jobId }, at);
    });
    await queue.send('claim-jobs', { jobId: 'later' });
    await queue.drain();
    expect(seen).toEqual(['later']);
    expect(await queueDocs(store).read('claim-jobs', `later@${at.getTime()}`)).toMatchObject({
      jobId: 'later',
      visibleAt: at.getTime(),
    });
    clock.advance(30_001);
    await queue.drain();
    expect(seen).toEqual(['later', 'later']);
  });

  it('runs a job enqueued before a restart: new store and queue on the same file', async () => {
    const first = openStore(file);
    const firstQueue = createInProcessQueue(first);
    await firstQueue.send('decision-jobs', { jobId: 'survivor' });
    await firstQueue.close();
    await first.close();

    const { queue } = open();
    const seen: ReceivedMessage[] = [];
    queue.consume('decision-jobs', async (message) => {
      seen.push(message);
    });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ jobId: 'survivor', deliveryCount: 1 }]);
  });

  it('redelivers a message whose consumer crashed mid-run once the lease expires', async () => {
    const clock = movableClock();
    // Process A claims the message and hangs (as if it died mid-run: its lease is never settled).
    const a = open({ clock, visibilityTimeoutMs: 60_000 });
    let aStarted = false;
    const stopA = a.queue.consume('claim-jobs', (_message, signal) => {
      aStarted = true;
      return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    await a.queue.send('claim-jobs', { jobId: 'orphan' });
    await waitFor(() => aStarted);

    // Process B, on the same file, does not take the message while the lease holds ...
    const later = movableClock(clock.now().getTime());
    const b = open({ clock: later, visibilityTimeoutMs: 60_000 });
    const seen: ReceivedMessage[] = [];
    b.queue.consume('claim-jobs', async (message) => {
      seen.push(message);
    });
    await b.queue.drain();
    expect(seen).toEqual([]);

    // ... and delivers it once the lease has run out.
    later.advance(60_001);
    await b.queue.drain();
    expect(seen).toEqual([{ jobId: 'orphan', deliveryCount: 2 }]);
    expect(await queueDocs(b.store).read('claim-jobs', 'orphan')).toBeUndefined();

    // The "crashed" consumer finishing late does not resurrect or double-settle the message.
    await stopA();
    await b.queue.drain();
    expect(seen).toHaveLength(1);
    expect(await queueDocs(b.store).read('claim-jobs', 'orphan')).toBeUndefined();
  });

  it('renews the lease while a long handler runs, so another process does not take the message', async () => {
    // One clock for both "processes"; time passes only when the test moves it, far past the 150 ms lease.
    const clock = movableClock();
    const a = open({ clock, visibilityTimeoutMs: 150 });
    const b = open({ clock, visibilityTimeoutMs: 150 });
    const runs: string[] = [];
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    a.queue.consume('claim-jobs', async () => {
      runs.push('a');
      await finished;
    });
    await a.queue.send('claim-jobs', { jobId: 'slow' });
    await waitFor(() => runs.length === 1);
    b.queue.consume('claim-jobs', async () => {
      runs.push('b');
    });
    for (let step = 0; step < 6; step++) {
      // 100 ms of the lease pass; the holder's renewal pushes it out again (seen in the store) …
      clock.advance(100);
      await waitFor(
        async () => (await queueDocs(a.store).read('claim-jobs', 'slow'))!.visibleAt > clock.now().getTime() + 100,
      );
      // … so the other process, offered everything visible, is offered nothing.
      await b.queue.drain();
      expect(runs).toEqual(['a']);
    }
    finish();
    await a.queue.drain();
    expect(await queueDocs(a.store).read('claim-jobs', 'slow')).toBeUndefined();
    await b.queue.drain();
    expect(runs).toEqual(['a']);
  });

  it('dead-letters a crash leftover that has already had maxDeliveryCount deliveries', async () => {
    const clock = movableClock();
    const a = open({ clock, maxDeliveryCount: 1 });
    let aStarted = false;
    const stopA = a.queue.consume('claim-jobs', (_message, signal) => {
      aStarted = true;
      return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    await a.queue.send('claim-jobs', { jobId: 'crashes-every-time' });
    await waitFor(() => aStarted);

    const later = movableClock(clock.now().getTime() + 60_001);
    const b = open({ clock: later, maxDeliveryCount: 1 });
    const seen: ReceivedMessage[] = [];
    b.queue.consume('claim-jobs', async (message) => void seen.push(message));
    await waitFor(
      async () => (await queueDocs(b.store).read('claim-jobs', 'crashes-every-time'))?.status === 'dead-lettered',
    );
    expect(seen).toEqual([]);
    await stopA();
  });

  it('stop() aborts the running handler signal and waits for it to finish', async () => {
    const { store, queue } = open();
    let started = false;
    let finished = false;
    let abortedDuringRun = false;
    const stop = queue.consume('claim-jobs', async (_message, signal) => {
      started = true;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      abortedDuringRun = signal.aborted;
      await sleep(50);
      finished = true;
      throw new Error('aborted');
    });
    await queue.send('claim-jobs', { jobId: 'long' });
    await waitFor(() => started);
    await stop();
    expect(abortedDuringRun).toBe(true);
    expect(finished).toBe(true);

    // Interrupted by shutdown: still pending, visible, and its delivery not counted against it.
    const doc = await queueDocs(store).read('claim-jobs', 'long');
    expect(doc).toMatchObject({ status: 'pending', deliveryCount: 0 });

    // Nothing is delivered after stop.
    await queue.send('claim-jobs', { jobId: 'after-stop' });
    await queue.drain();
    expect(await queueDocs(store).read('claim-jobs', 'after-stop')).toMatchObject({ deliveryCount: 0 });
  });

  it('close() stops consumers and refuses further sends', async () => {
    const { queue } = open();
    queue.consume('claim-jobs', async () => {});
    await queue.close();
    await expect(queue.send('claim-jobs', { jobId: 'x' })).rejects.toThrow(/closed/);
  });
});
