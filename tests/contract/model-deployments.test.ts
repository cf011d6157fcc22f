import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiModel } from '../../functions/src/adapters/model/openai-model.js';
import { createSqliteStore } from '../../functions/src/adapters/store/sqlite-store.js';
import type { Config } from '../../functions/src/config.js';
import { silentLogger } from '../../functions/src/log.js';
import type { Model } from '../../functions/src/ports/model.js';
import { StoreConflictError, type Collection, type Store } from '../../functions/src/ports/store.js';
import { awaitAdmission, releaseJobBudget } from '../../functions/src/services/model-budget/admit-job.js';
import { readBudget } from '../../functions/src/services/model-budget/budget-store.js';
import { runWithJobCalls } from '../../functions/src/services/model-budget/job-calls.js';
import { meteredModel } from '../../functions/src/services/model-budget/metered-model.js';
import { start, type FakeOpenAi } from '../support/fake-openai.js';

/**
 * The metered model over two deployments: a job's calls stay on the deployment it was admitted
 * on; the deployment's rate-limit headers lower the budget in force; repeated 429s move the job to the
 * other deployment with its booking, and the job's notes say so; a job that ends gives back what it did
 * not use. Real adapters against two fake endpoints, the budget in an in-memory store.
 */

let store: Store;
let first: FakeOpenAi;
let second: FakeOpenAi;

beforeEach(async () => {
  store = createSqliteStore({ file: ':memory:' });
  [first, second] = await Promise.all([start({ charsPerToken: 3.5 }), start({ charsPerToken: 3.5 })]);
});
afterEach(async () => {
  await Promise.all([first.close(), second.close(), store.close()]);
});

function setup(tokensPerWindow = 100_000, budgetStore: Store = store) {
  const remote = (server: FakeOpenAi) =>
    ({
      kind: 'openai-compatible',
      baseURL: server.baseURL,
      model: 'm',
      maxRetries: 4,
      timeoutMs: 10_000,
    }) as const;
  const config = {
    model: remote(first),
    modelBudget: {
      tokensPerWindow,
      requestsPerWindow: 600,
      windowMs: 60_000,
      anonymousMaxAhead: 10,
      deployments: [{ name: 'second', model: remote(second), tokensPerWindow, requestsPerWindow: 600, priority: 1 }],
    },
  } as unknown as Config;
  const models = new Map<string, Model>([
    ['default', createOpenAiModel(remote(first))],
    ['second', createOpenAiModel(remote(second))],
  ]);
  const sent: string[] = [];
  const queue = {
    kind: 'in-process',
    sendAt: async (_queue: string, message: { jobId: string }) => {
      sent.push(message.jobId);
    },
  };
  const model = meteredModel(models, { config, store: budgetStore, log: silentLogger });
  const deps = {
    config,
    store: budgetStore,
    log: silentLogger,
    model,
    queue,
    clock: { now: () => new Date() },
  } as never;
  return { deps, model, sent };
}

const ask = (model: Model) =>
  model.complete({ messages: [{ role: 'user', content: 'Kysymys.' }], maxOutputTokens: 100 });
const signal = new AbortController().signal;

describe('a job on two deployments', () => {
  it('is placed on the default one, keeps its calls there, and reconciles and gives back its booking', async () => {
    const { deps, model } = setup();
    await awaitAdmission(
      deps,
      { jobId: 'a', kind: 'decision', estimate: async () => ({ tokens: 50_000, requests: 5 }) },
      signal,
    );
    first.respondWith(() => ({ kind: 'completion', usage: { prompt_tokens: 900, completion_tokens: 100 } }));
    const notes: string[] = [];
    await runWithJobCalls({ jobId: 'a', notes }, async () => {
      await ask(model);
      await ask(model);
    });
    expect(first.requests).toHaveLength(2);
    expect(second.requests).toHaveLength(0);
    await expect.poll(async () => (await readBudget(deps, 'default')).bookings?.[0]?.usedTokens).toBe(2_000);
    const readAt = Date.now();
    const before = (await readBudget(deps, 'default')).tokensFreeAt;
    await releaseJobBudget(deps, 'a');
    const after = await readBudget(deps, 'default');
    // The budget keeps wall-clock time: the ledger runs on while the release is written (long on a busy machine).
    const elapsed = Date.now() - readAt;
    expect(after.bookings ?? []).toEqual([]);
    // 48,000 unused tokens of 100,000 a minute: the ledger is paid off 28.8 s sooner.
    expect(Math.abs(before - after.tokensFreeAt - 28_800)).toBeLessThanOrEqual(elapsed + 50);
    expect(notes).toEqual([]);
  });

  it('puts the next large job on the second deployment while the first is booked', async () => {
    const { deps } = setup();
    await awaitAdmission(
      deps,
      { jobId: 'a', kind: 'decision', estimate: async () => ({ tokens: 851_000, requests: 30 }) },
      signal,
    );
    await awaitAdmission(
      deps,
      { jobId: 'b', kind: 'decision', estimate: async () => ({ tokens: 851_000, requests: 30 }) },
      signal,
    );
    expect((await readBudget(deps, 'default')).bookings?.map((booking) => booking.jobId)).toEqual(['a']);
    expect((await readBudget(deps, 'second')).bookings?.map((booking) => booking.jobId)).toEqual(['b']);
  });

  it('lowers the budget in force by the others’ use its headers show, never raising it', async () => {
    const { deps, model } = setup();
    first.limitTokens({ tokensPerWindow: 100_000, windowMs: 60_000 });
    // Another application on the same deployment has spent 60,000 of this minute.
    first.useElsewhere(60_000);
    await ask(model);
    await expect.poll(async () => (await readBudget(deps, 'default')).reported?.foreignTokens).toBeGreaterThan(55_000);
    // A deployment that reports more room than configured changes nothing.
    second.limitTokens({ tokensPerWindow: 10_000_000, windowMs: 60_000 });
    await runWithJobCalls({ jobId: 'none', notes: [] }, () => ask(model));
    expect((await readBudget(deps, 'second')).reported).toBeUndefined();
  });

  it('moves to the other deployment after repeated 429s, booking and all, and says so in the job’s notes', async () => {
    const { deps, model } = setup();
    await awaitAdmission(
      deps,
      { jobId: 'a', kind: 'decision', estimate: async () => ({ tokens: 50_000, requests: 5 }) },
      signal,
    );
    const busy = { kind: 'error', status: 429, headers: { 'retry-after-ms': '20' } } as const;
    first.enqueue(busy, busy, busy);
    const notes: string[] = [];
    const answer = await runWithJobCalls({ jobId: 'a', notes }, () => ask(model));
    expect(answer.text).toBe('Fake answer.');
    expect(first.requests).toHaveLength(2);
    expect(second.requests).toHaveLength(1);
    expect(notes).toEqual([
      'The model deployment "default" kept answering rate limits or server errors; the job moved to the deployment "second".',
    ]);
    expect((await readBudget(deps, 'default')).bookings ?? []).toEqual([]);
    expect((await readBudget(deps, 'second')).bookings?.map((booking) => booking.jobId)).toEqual(['a']);
    // Its next call goes straight to the second deployment.
    await runWithJobCalls({ jobId: 'a', notes }, () => ask(model));
    expect(first.requests).toHaveLength(2);
    expect(second.requests).toHaveLength(2);
  });
});

/** The store, with every write to the model budget's collection failing while `failing()` says so. */
function budgetWritesFail(inner: Store, failing: () => Error | undefined): Store {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property !== 'collection') return Reflect.get(target, property, receiver) as unknown;
      return (name: Parameters<Store['collection']>[0]) => {
        const collection = target.collection(name) as Collection<never>;
        if (name !== 'tokens') return collection;
        return new Proxy(collection, {
          get(inner2, method, receiver2) {
            const original = Reflect.get(inner2, method, receiver2) as unknown;
            if ((method !== 'replace' && method !== 'create') || typeof original !== 'function') return original;
            return (...args: unknown[]) => {
              const error = failing();
              if (error) return Promise.reject(error);
              return (original as (...a: unknown[]) => unknown).apply(inner2, args);
            };
          },
        });
      };
    },
  });
}

describe('the budget under contention or an outage', () => {
  it('meters a call again after a pause while every write loses to another caller: never calls unmetered', async () => {
    // More lost writes than one metering attempt's 20 conditional writes: the first attempt gives up.
    let lost = 30;
    const contended = budgetWritesFail(store, () => (lost-- > 0 ? new StoreConflictError('changed') : undefined));
    const { deps, model } = setup(100_000, contended);
    const lostWhenCalled: number[] = [];
    first.respondWith(() => {
      lostWhenCalled.push(lost);
      return { kind: 'completion', usage: { prompt_tokens: 90, completion_tokens: 10 } };
    });
    await ask(model);
    // The endpoint was called only after the budget was written: no lost write was left then.
    expect(lostWhenCalled).toHaveLength(1);
    expect(lostWhenCalled[0]).toBeLessThan(0);
    expect((await readBudget(deps, 'default')).calls.length).toBeGreaterThanOrEqual(1);
  });

  it('calls unmetered when the store cannot be reached at all, rather than failing the decision', async () => {
    const down = budgetWritesFail(store, () => new Error('store unreachable'));
    const { model } = setup(100_000, down);
    first.respondWith(() => ({ kind: 'completion', usage: { prompt_tokens: 90, completion_tokens: 10 } }));
    await ask(model);
    expect(first.requests).toHaveLength(1);
  });
});
