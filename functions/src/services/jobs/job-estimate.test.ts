import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/store/sqlite-store.js';
import { silentLogger } from '../../log.js';
import type { Store } from '../../ports/store.js';
import type { JobDocument } from './job-document.js';
import { ESTIMATE_CACHE_MS, median, remainingSeconds, typicalRunSeconds } from './job-estimate.js';

const START = Date.parse('2026-03-02T10:00:00.000Z');
let store: Store;
const clock = { now: () => new Date(START) };

beforeEach(() => {
  store = createSqliteStore({ file: ':memory:', clock });
});
afterEach(async () => {
  await store.close();
});

function job(id: string, fields: Partial<JobDocument>): JobDocument {
  return {
    id,
    pk: id,
    kind: 'claim',
    status: 'Completed',
    ownerId: 'u1',
    attempts: 1,
    cancelRequested: false,
    input: {},
    createdAt: new Date(START).toISOString(),
    updatedAt: new Date(START).toISOString(),
    ...fields,
  };
}

describe('typicalRunSeconds', () => {
  it('is the median run time of the latest completed jobs of the kind, none before any', async () => {
    const deps = { store, log: silentLogger };
    expect(await typicalRunSeconds(deps, 'claim', START)).toBeUndefined();
    const jobs = store.collection<JobDocument>('jobs');
    for (const [index, seconds] of [10, 30, 20, 400].entries()) {
      await jobs.create(job(`c${index}`, { runSeconds: seconds, updatedAt: new Date(START + index).toISOString() }));
    }
    // A failed run, another kind and a run without a measure do not count.
    await jobs.create(job('f', { status: 'Failed', runSeconds: 9_000 }));
    await jobs.create(job('d', { kind: 'decision', runSeconds: 9_000 }));
    await jobs.create(job('n', {}));
    // Measured once a minute per kind: the cached "none" holds until then.
    expect(await typicalRunSeconds(deps, 'claim', START + 1)).toBeUndefined();
    expect(await typicalRunSeconds(deps, 'claim', START + ESTIMATE_CACHE_MS)).toBe(25);
    expect(await typicalRunSeconds(deps, 'decision', START)).toBe(9_000);
  });

  it('takes the median', () => {
    expect(median([])).toBeUndefined();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([1, 2, 3, 10])).toBe(2.5);
  });
});

describe('remainingSeconds', () => {
  const startedAt = new Date(START).toISOString();
  const at = (seconds: number) => START + seconds * 1000;

  it('is the typical run while queued, and what is left of it while running', () => {
    expect(remainingSeconds(job('q', { status: 'Queued' }), 40, START)).toBe(40);
    expect(remainingSeconds(job('r', { status: 'Running', startedAt }), 40, at(15))).toBe(25);
    expect(remainingSeconds(job('q', { status: 'Queued' }), undefined, START)).toBeUndefined();
  });

  it('says nothing once the run outlasts the measure, or when the job has ended', () => {
    expect(remainingSeconds(job('r', { status: 'Running', startedAt }), 40, at(45))).toBeUndefined();
    expect(remainingSeconds(job('c', { status: 'Completed', startedAt }), 40, at(5))).toBeUndefined();
  });

  it('carries a decision’s pace over the chapters left when that is later', () => {
    const running = job('d', {
      kind: 'decision',
      status: 'Running',
      startedAt,
      progress: { stage: 'drafting', done: 2, total: 7 },
    });
    // 60 s for two chapters: 150 s for the other five, though the typical run would say 40 s.
    expect(remainingSeconds(running, 100, at(60))).toBe(150);
    expect(remainingSeconds(running, undefined, at(60))).toBe(150);
  });
});
