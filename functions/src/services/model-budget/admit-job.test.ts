import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/store/sqlite-store.js';
import type { Deps } from '../../deps.js';
import { silentLogger } from '../../log.js';
import { DeliveryDeferred } from '../../ports/queue.js';
import type { Store } from '../../ports/store.js';
import { requestJobStop } from '../jobs/request-job-stop.js';
import type { JobDocument } from '../jobs/job-document.js';
import { awaitAdmission, budgetLineAhead, jobQueuePlace, leaveBudgetLine } from './admit-job.js';
import { readBudget } from './budget-store.js';

let store: Store;
let deps: Deps;

/** 10,000 tokens a minute: a job of 10,000 books the deployment for a minute. */
function depsWith(model: Deps['model']['kind']): Deps {
  return {
    store,
    clock: { now: () => new Date() },
    log: silentLogger,
    model: { kind: model, writesLegalText: model !== 'offline', complete: () => Promise.reject(new Error('no')) },
    config: {
      model: { kind: 'openai-compatible', baseURL: 'http://127.0.0.1:1/v1', model: 'm', maxRetries: 0, timeoutMs: 1 },
      modelBudget: { tokensPerWindow: 10_000, requestsPerWindow: 100, windowMs: 60_000, anonymousMaxAhead: 1 },
    },
  } as unknown as Deps;
}

beforeEach(() => {
  store = createSqliteStore({ file: ':memory:' });
  deps = depsWith('openai-compatible');
});
afterEach(async () => {
  await store.close();
});

const signal = new AbortController().signal;
const request = (jobId: string, tokens: number, kind: JobDocument['kind'] = 'decision') => ({
  jobId,
  kind,
  estimate: async () => ({ tokens, requests: 7 }),
});

async function addQueuedJob(): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await store.collection<JobDocument>('jobs').create({
    id,
    pk: id,
    kind: 'decision',
    status: 'Queued',
    ownerId: 'user-1',
    attempts: 0,
    cancelRequested: false,
    input: {},
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

describe('awaitAdmission', () => {
  it('admits a job the budget has room for at once, and defers the next to its expected start', async () => {
    await awaitAdmission(deps, request('first', 10_000), signal);
    const before = Date.now();
    const deferred = await awaitAdmission(deps, request('second', 10_000), signal).catch((error: unknown) => error);
    expect(deferred).toBeInstanceOf(DeliveryDeferred);
    // The first booked a minute: the second may start once it is paid off.
    const notBefore = (deferred as DeliveryDeferred).notBefore.getTime();
    expect(notBefore).toBeGreaterThanOrEqual(before + 55_000);
    expect(notBefore).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(await jobQueuePlace(deps, 'second')).toEqual({ position: 1, etaSeconds: expect.any(Number) });
    expect((await jobQueuePlace(deps, 'second'))!.etaSeconds).toBeGreaterThanOrEqual(55);
    expect(await jobQueuePlace(deps, 'first')).toBeUndefined();
  });

  it('keeps the estimate and place of a job that looks again, and tells the anonymous generator what is ahead', async () => {
    await awaitAdmission(deps, request('busy', 10_000), signal);
    await expect(awaitAdmission(deps, request('a', 5_000), signal)).rejects.toBeInstanceOf(DeliveryDeferred);
    await expect(awaitAdmission(deps, request('b', 5_000), signal)).rejects.toBeInstanceOf(DeliveryDeferred);
    // Looking again with another estimate: the first one stands, and so does its place.
    await expect(awaitAdmission(deps, request('a', 99_999), signal)).rejects.toBeInstanceOf(DeliveryDeferred);
    const budget = await readBudget(deps);
    expect(budget.line.map((waiter) => [waiter.jobId, waiter.tokens])).toEqual([
      ['a', 5_000],
      ['b', 5_000],
    ]);
    expect(await budgetLineAhead(deps, 'anonymous-decision')).toEqual({ ahead: 2, waitSeconds: expect.any(Number) });
    // A signed-in case joins ahead of an anonymous job that was waiting first.
    await expect(awaitAdmission(deps, request('anon', 1_000, 'anonymous-decision'), signal)).rejects.toBeInstanceOf(
      DeliveryDeferred,
    );
    await expect(awaitAdmission(deps, request('c', 1_000), signal)).rejects.toBeInstanceOf(DeliveryDeferred);
    expect((await readBudget(deps)).line.map((waiter) => waiter.jobId)).toEqual(['a', 'b', 'c', 'anon']);
  });

  it('lets a stopped job leave the line at once, so those behind it move up', async () => {
    await awaitAdmission(deps, request('busy', 10_000), signal);
    const stopped = await addQueuedJob();
    await expect(awaitAdmission(deps, request(stopped, 5_000), signal)).rejects.toBeInstanceOf(DeliveryDeferred);
    await expect(awaitAdmission(deps, request('behind', 5_000), signal)).rejects.toBeInstanceOf(DeliveryDeferred);
    expect((await jobQueuePlace(deps, 'behind'))?.position).toBe(2);
    expect(await requestJobStop(deps, stopped)).toBe(true);
    expect((await jobQueuePlace(deps, 'behind'))?.position).toBe(1);
    await leaveBudgetLine(deps, 'behind');
    expect((await readBudget(deps)).line).toEqual([]);
  });

  it('lets everything through at once for the offline model, which has no quota', async () => {
    const offline = depsWith('offline');
    for (const id of ['x', 'y', 'z']) await awaitAdmission(offline, request(id, 1_000_000), signal);
    expect(await jobQueuePlace(offline, 'z')).toBeUndefined();
    expect(await budgetLineAhead(offline, 'anonymous-decision')).toEqual({ ahead: 0, waitSeconds: 0 });
  });
});
