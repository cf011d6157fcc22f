import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../adapters/store/sqlite-store.js';
import type { BaseDoc, Collection, Store, Stored } from '../ports/store.js';
import { changeOrCreateRecord, changeRecord } from './change-record.js';

interface Counter extends BaseDoc {
  count: number;
  log: string[];
}

let store: Store;
let counters: Collection<Counter>;
const key = { pk: 'c1', id: 'c1' };

beforeEach(async () => {
  store = createSqliteStore({ file: ':memory:', clock: { now: () => new Date('2026-11-27T10:00:00Z') } });
  counters = store.collection<Counter>('jobs');
  await counters.create({ id: 'c1', pk: 'c1', count: 0, log: [] });
});
afterEach(async () => {
  await store.close();
});

const increment = (who: string) => (current: Stored<Counter>) => ({
  ...current,
  count: current.count + 1,
  log: [...current.log, who],
});

describe('changeRecord', () => {
  it('loses no change when writers race: each re-reads and re-applies its change', async () => {
    const writers = ['a', 'b', 'c', 'd', 'e'];
    const results = await Promise.all(
      writers.map((who) => changeRecord(counters, key, increment(who), { attempts: 20 })),
    );
    expect(results.every((result) => result.outcome === 'written')).toBe(true);
    const final = await counters.read('c1', 'c1');
    expect(final?.count).toBe(5);
    expect([...final!.log].sort()).toEqual(writers);
  });

  it('re-applies the change to the version another writer left (the rule sees the record as it is now)', async () => {
    const stale = (await counters.read('c1', 'c1'))!;
    await changeRecord(counters, key, increment('other'));
    const seen: number[] = [];
    const result = await changeRecord(
      counters,
      key,
      (current) => {
        seen.push(current.count);
        return increment('me')(current);
      },
      { first: stale },
    );
    expect(seen).toEqual([0, 1]);
    expect(result.outcome === 'written' && result.record.log).toEqual(['other', 'me']);
  });

  it('writes nothing when the change answers undefined, and says a missing record is missing', async () => {
    const before = (await counters.read('c1', 'c1'))!;
    const unchanged = await changeRecord(counters, key, () => undefined);
    expect(unchanged).toEqual({ outcome: 'unchanged', record: before });
    expect((await counters.read('c1', 'c1'))!._etag).toBe(before._etag);
    expect(await changeRecord(counters, { pk: 'nope', id: 'nope' }, increment('x'))).toEqual({ outcome: 'missing' });
  });

  it('gives up after its attempts with the caller’s busy error, having written nothing of its own', async () => {
    // Every time the change is asked, another writer gets in first.
    const result = changeRecord(
      counters,
      key,
      async (current) => {
        await changeRecord(counters, key, increment('rival'));
        return increment('loser')(current);
      },
      { attempts: 3, busy: () => new Error('busy') },
    );
    await expect(result).rejects.toThrow('busy');
    const final = await counters.read('c1', 'c1');
    expect(final?.log).toEqual(['rival', 'rival', 'rival']);
  });

  it('passes a refusal thrown by the change through, writing nothing', async () => {
    await expect(
      changeRecord(counters, key, () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await counters.read('c1', 'c1'))?.count).toBe(0);
  });
});

describe('changeOrCreateRecord', () => {
  const start = (who: string) => (current: Stored<Counter> | undefined) =>
    current ? { ...current, count: current.count + 1, log: [...current.log, who] } : { ...fresh, log: [who] };
  const fresh = { id: 'c2', pk: 'c2', count: 1, log: [] as string[] };

  it('creates a missing record once when writers race to create it, and loses none of their changes', async () => {
    const writers = ['a', 'b', 'c', 'd'];
    const results = await Promise.all(
      writers.map((who) => changeOrCreateRecord(counters, { pk: 'c2', id: 'c2' }, start(who), { attempts: 20 })),
    );
    expect(results.every((result) => result.outcome === 'written')).toBe(true);
    const final = await counters.read('c2', 'c2');
    expect(final?.count).toBe(4);
    expect([...final!.log].sort()).toEqual(writers);
  });

  it('asks with undefined when there is no record, and writes nothing when the change says so', async () => {
    const seen: Array<Stored<Counter> | undefined> = [];
    const result = await changeOrCreateRecord(counters, { pk: 'c3', id: 'c3' }, (current) => {
      seen.push(current);
      return undefined;
    });
    expect(seen).toEqual([undefined]);
    expect(result).toEqual({ outcome: 'unchanged', record: undefined });
    expect(await counters.read('c3', 'c3')).toBeUndefined();
  });
});
