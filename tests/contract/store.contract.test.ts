/**
 * The Store port's contract: one suite, run against every adapter, so the
 * services can rely on the same behaviour locally (SQLite) and in production
 * (Cosmos DB, here through the @vercel/cosmosdb-server stand-in).
 *
 * Every test writes under its own partition key (or its own marker value),
 * so the tests share one store per adapter without seeing each other's data.
 */
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Deps } from '../../functions/src/deps.js';
import { TooManyRequestsError } from '../../functions/src/errors.js';
import { MovableClock } from '../support/movable-clock.js';
import { takeSignInAttempt } from '../../functions/src/services/accounts/sign-in-throttle.js';
import { takeQuotaSlot } from '../../functions/src/services/limits/fixed-window-quota.js';
import { readBudget, updateBudget } from '../../functions/src/services/model-budget/budget-store.js';
import { joinLine, meterCall, tryAdmit } from '../../functions/src/services/model-budget/budget-schedule.js';
import {
  StoreConflictError,
  StoreNotFoundError,
  type BaseDoc,
  type Collection,
  type Filter,
  type Query,
  type Stored,
} from '../../functions/src/ports/store.js';
import { openCosmosStore, openSqliteStore, type OpenedStore, type StoreFactory } from './support/open-store.js';

const openSqlite: StoreFactory = (clock) =>
  // A nested folder also checks that the adapter creates missing parent folders.
  openSqliteStore(clock, { prefix: 'store', nested: true });
const openCosmos: StoreFactory = (clock) => openCosmosStore(clock, { prefix: 'contract' });

interface CaseDoc extends BaseDoc {
  title?: string;
  status?: string;
  n?: number;
  code?: number | string | boolean;
  closed?: boolean;
  tags?: string[];
  note?: string | null;
  marker?: string;
  claimant?: { email?: string; address?: { city: string } };
}

/** Properties Cosmos adds that must never reach a caller. */
const LEAKY_PROPERTIES = ['_rid', '_self', '_ts', '_attachments', '_expiresAt'];

const newPk = () => `pk-${randomUUID()}`;
const ids = (docs: readonly { id: string }[]) => docs.map((doc) => doc.id);

async function allPages<T extends BaseDoc>(
  collection: Collection<T>,
  query: Omit<Query, 'continuation'>,
): Promise<Stored<T>[][]> {
  const pages: Stored<T>[][] = [];
  let continuation: string | undefined;
  do {
    const page = await collection.query({ ...query, continuation });
    pages.push(page.items);
    continuation = page.continuation;
    if (pages.length > 100) throw new Error('paging does not end');
  } while (continuation !== undefined);
  return pages;
}

function storeContract(open: StoreFactory): void {
  const clock = new MovableClock({ frozen: true });
  let opened: OpenedStore | undefined;
  let cases: Collection<CaseDoc>;

  beforeAll(async () => {
    opened = await open(clock);
    cases = opened.store.collection<CaseDoc>('disputes');
  });

  afterAll(async () => {
    await opened?.dispose();
  });

  it('pings', async () => {
    await expect(opened?.store.ping()).resolves.toBeUndefined();
  });

  describe('single documents', () => {
    it('creates, reads and replaces a document, with a new etag per write', async () => {
      const pk = newPk();
      const created = await cases.create({ id: 'd1', pk, title: 'Sale of goods', claimant: { email: 'a@b.fi' } });
      expect(created).toMatchObject({ id: 'd1', pk, title: 'Sale of goods', claimant: { email: 'a@b.fi' } });
      expect(typeof created._etag).toBe('string');
      expect(created._etag.length).toBeGreaterThan(0);

      const read = await cases.read(pk, 'd1');
      expect(read).toEqual(created);
      for (const property of LEAKY_PROPERTIES) expect(read).not.toHaveProperty(property);

      // A document as read (with _etag) can go straight back to replace.
      const replaced = await cases.replace({ ...created, title: 'Sale of services' }, { ifMatch: created._etag });
      expect(replaced.title).toBe('Sale of services');
      expect(replaced._etag).not.toBe(created._etag);
      expect(await cases.read(pk, 'd1')).toEqual(replaced);

      const unconditional = await cases.replace({ id: 'd1', pk, title: 'Lease' });
      expect(unconditional._etag).not.toBe(replaced._etag);
      // Replace swaps the whole document: fields not passed are gone.
      expect(await cases.read(pk, 'd1')).toEqual({ id: 'd1', pk, title: 'Lease', _etag: unconditional._etag });
    });

    it('reads undefined for a document that does not exist', async () => {
      expect(await cases.read(newPk(), 'missing')).toBeUndefined();
    });

    it('refuses to create a document whose id is taken in the same partition', async () => {
      const pk = newPk();
      await cases.create({ id: 'd1', pk, title: 'first' });
      await expect(cases.create({ id: 'd1', pk, title: 'second' })).rejects.toBeInstanceOf(StoreConflictError);
      expect((await cases.read(pk, 'd1'))?.title).toBe('first');
    });

    it('keeps the same id in two partitions apart', async () => {
      const [pkA, pkB] = [newPk(), newPk()];
      await cases.create({ id: 'same', pk: pkA, title: 'A' });
      await cases.create({ id: 'same', pk: pkB, title: 'B' });
      expect((await cases.read(pkA, 'same'))?.title).toBe('A');
      expect((await cases.read(pkB, 'same'))?.title).toBe('B');
      expect(await cases.delete(pkA, 'same')).toBe(true);
      expect((await cases.read(pkB, 'same'))?.title).toBe('B');
    });

    it('refuses a replace with a stale etag and keeps the newer version', async () => {
      const pk = newPk();
      const first = await cases.create({ id: 'd1', pk, status: 'draft' });
      const second = await cases.replace({ ...first, status: 'submitted' }, { ifMatch: first._etag });
      await expect(cases.replace({ ...first, status: 'withdrawn' }, { ifMatch: first._etag })).rejects.toBeInstanceOf(
        StoreConflictError,
      );
      expect(await cases.read(pk, 'd1')).toEqual(second);
    });

    it('reports a replace of a missing document as not found, with or without an etag', async () => {
      const pk = newPk();
      await expect(cases.replace({ id: 'nope', pk })).rejects.toBeInstanceOf(StoreNotFoundError);
      await expect(cases.replace({ id: 'nope', pk }, { ifMatch: 'some-etag' })).rejects.toBeInstanceOf(
        StoreNotFoundError,
      );
      expect(await cases.read(pk, 'nope')).toBeUndefined();
    });

    it('upserts without a condition: creates, then replaces', async () => {
      const pk = newPk();
      const created = await cases.upsert({ id: 'u1', pk, status: 'draft', n: 1 });
      expect(await cases.read(pk, 'u1')).toEqual(created);
      const replaced = await cases.upsert({ id: 'u1', pk, status: 'final' });
      expect(replaced._etag).not.toBe(created._etag);
      expect(await cases.read(pk, 'u1')).toEqual({ id: 'u1', pk, status: 'final', _etag: replaced._etag });
    });

    it('deletes conditionally on the etag', async () => {
      const pk = newPk();
      const first = await cases.create({ id: 'd1', pk, status: 'a' });
      const second = await cases.replace({ ...first, status: 'b' });
      await expect(cases.delete(pk, 'd1', { ifMatch: first._etag })).rejects.toBeInstanceOf(StoreConflictError);
      expect(await cases.read(pk, 'd1')).toEqual(second);
      expect(await cases.delete(pk, 'd1', { ifMatch: second._etag })).toBe(true);
      expect(await cases.read(pk, 'd1')).toBeUndefined();
    });

    it('returns false when deleting what is not there', async () => {
      const pk = newPk();
      expect(await cases.delete(pk, 'ghost')).toBe(false);
      expect(await cases.delete(pk, 'ghost', { ifMatch: 'some-etag' })).toBe(false);
      await cases.create({ id: 'd1', pk });
      expect(await cases.delete(pk, 'd1')).toBe(true);
      expect(await cases.delete(pk, 'd1')).toBe(false);
    });

    it('keeps collections apart', async () => {
      const pk = newPk();
      await cases.create({ id: 'd1', pk, title: 'dispute' });
      expect(await opened?.store.collection<CaseDoc>('files').read(pk, 'd1')).toBeUndefined();
    });
  });

  describe('atomic counters (the throttles and quotas rely on these)', () => {
    it('lets exactly one of many parallel replaces conditional on the same etag win', async () => {
      const pk = newPk();
      const created = await cases.create({ id: 'counter', pk, n: 0 });
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          cases.replace({ id: 'counter', pk, n: i + 1 }, { ifMatch: created._etag }),
        ),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(StoreConflictError);
      }
    });

    it('never lets a parallel burst overshoot a quota', async () => {
      const deps = { store: opened!.store, clock };
      const spec = { name: `contract-${randomUUID()}`, limit: 5, windowMs: 3_600_000, message: 'Too many.' };
      const results = await Promise.allSettled(Array.from({ length: 25 }, () => takeQuotaSlot(deps, spec, 'key')));
      const taken = results.filter((result) => result.status === 'fulfilled').length;
      expect(taken).toBeGreaterThanOrEqual(1);
      expect(taken).toBeLessThanOrEqual(5);
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(TooManyRequestsError);
      }
      // What the burst left (if contention refused some early) is still there, and no more.
      let more = 0;
      while (more <= 5) {
        try {
          await takeQuotaSlot(deps, spec, 'key');
          more++;
        } catch (error) {
          expect(error).toBeInstanceOf(TooManyRequestsError);
          break;
        }
      }
      expect(taken + more).toBe(5);
    });

    it('never lets a parallel burst of sign-in attempts for one account overshoot its allowance', async () => {
      const deps = { store: opened!.store, clock, log: { warn() {} } } as unknown as Deps;
      const keys = { account: { userId: randomUUID() }, ipAddress: `10.0.${Math.floor(Math.random() * 250)}.1` };
      const results = await Promise.allSettled(Array.from({ length: 25 }, () => takeSignInAttempt(deps, keys)));
      expect(results.filter((result) => result.status === 'fulfilled').length).toBeLessThanOrEqual(5);
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(TooManyRequestsError);
      }
      await expect(takeSignInAttempt(deps, keys)).rejects.toBeInstanceOf(TooManyRequestsError);
    });
  });

  describe('the model budget (one shared document, changed by conditional writes)', () => {
    const limits = { tokensPerWindow: 10_000, requestsPerWindow: 1_000, windowMs: 60_000 };
    const budgetDeps = (model: string) =>
      ({
        store: opened!.store,
        clock,
        config: {
          model: { kind: 'openai-compatible', baseURL: 'http://127.0.0.1:1/v1', model, maxRetries: 0, timeoutMs: 1 },
          modelBudget: { ...limits, anonymousMaxAhead: 10 },
        },
      }) as unknown as Deps;

    it('keeps every one of many parallel joins, in one line, once each', async () => {
      const deps = budgetDeps(`line-${randomUUID()}`);
      const now = clock.now().getTime();
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          updateBudget(deps, (state) => ({
            state: joinLine(state, {
              jobId: `job-${i}`,
              priority: i % 2 === 0 ? 0 : 1,
              tokens: 100,
              requests: 1,
              askedAt: now + i,
              seenAt: now,
            }),
            value: undefined,
          })),
        ),
      );
      const line = (await readBudget(deps)).line.map((waiter) => waiter.jobId);
      expect(line).toEqual([0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11].map((i) => `job-${i}`));
    });

    it('never lets a parallel burst of calls take more than the window holds', async () => {
      const deps = budgetDeps(`meter-${randomUUID()}`);
      const started = await Promise.all(
        Array.from({ length: 16 }, () =>
          updateBudget(deps, (state, now) => {
            const metered = meterCall(state, 1_500, limits, now);
            return metered.started ? { state: metered.state, value: true } : { value: false };
          }),
        ),
      );
      // 10,000 tokens a window: six calls of 1,500, whatever the interleaving of the writes.
      expect(started.filter(Boolean)).toHaveLength(6);
      expect((await readBudget(deps)).calls).toHaveLength(6);
    });

    it('admits the head of the line once, however many deliveries of it race', async () => {
      const deps = budgetDeps(`admit-${randomUUID()}`);
      const now = clock.now().getTime();
      await updateBudget(deps, (state) => ({
        state: joinLine(state, { jobId: 'head', priority: 0, tokens: 6_000, requests: 1, askedAt: now, seenAt: now }),
        value: undefined,
      }));
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () =>
          updateBudget(deps, (state, at) => {
            if (!state.line.some((waiter) => waiter.jobId === 'head')) return { value: 'gone' };
            const admission = tryAdmit(state, 'head', limits, at);
            return admission.admitted ? { state: admission.state, value: 'admitted' } : { value: 'waiting' };
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'admitted')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'gone')).toHaveLength(5);
      const budget = await readBudget(deps);
      expect(budget.line).toEqual([]);
      expect(budget.tokensFreeAt).toBeGreaterThan(Date.now());
    });
  });

  describe('queries', () => {
    const pk = newPk();
    const seed: CaseDoc[] = [
      {
        id: 'a',
        pk,
        title: 'Alpha',
        status: 'open',
        n: 1,
        code: 1,
        closed: false,
        tags: ['x', 'y'],
        note: null,
        claimant: { email: 'anna@example.fi', address: { city: 'Helsinki' } },
      },
      {
        id: 'b',
        pk,
        title: 'Beta',
        status: 'closed',
        n: 2,
        code: true,
        closed: true,
        tags: ['y'],
        claimant: { email: 'bert@example.fi', address: { city: 'Turku' } },
      },
      {
        id: 'c',
        pk,
        title: 'alpha lower',
        status: 'open',
        n: 3,
        closed: false,
        tags: [],
        note: 'hi',
        claimant: { email: 'anna@example.com' },
      },
      { id: 'd', pk, title: 'Delta', status: 'draft', n: 10, closed: true },
      { id: 'e', pk, title: 'Echo', status: 'open', n: 4, code: '1', tags: ['z'] },
    ];

    beforeAll(async () => {
      // Written out of id order, so id order in results is not just insertion order.
      for (const doc of [...seed].reverse()) await cases.create(doc);
      // Same ids in another partition: a partition-restricted query must not see them.
      for (const doc of seed) await cases.create({ ...doc, pk: `${pk}-other` });
    });

    const filterCases: [string, Filter[], string[]][] = [
      ['= on a string', [{ field: 'status', op: '=', value: 'open' }], ['a', 'c', 'e']],
      ['!= on a string', [{ field: 'status', op: '!=', value: 'open' }], ['b', 'd']],
      // Missing fields never match; null is a value of another type, so it is unequal.
      ['!= skips missing fields', [{ field: 'note', op: '!=', value: 'hi' }], ['a']],
      ['<', [{ field: 'n', op: '<', value: 3 }], ['a', 'b']],
      ['<=', [{ field: 'n', op: '<=', value: 3 }], ['a', 'b', 'c']],
      ['>', [{ field: 'n', op: '>', value: 3 }], ['d', 'e']],
      ['>=', [{ field: 'n', op: '>=', value: 3 }], ['c', 'd', 'e']],
      ['< on strings is ordinal (case-sensitive)', [{ field: 'title', op: '<', value: 'B' }], ['a']],
      ['>= on strings', [{ field: 'title', op: '>=', value: 'B' }], ['b', 'c', 'd', 'e']],
      ['in on strings', [{ field: 'status', op: 'in', value: ['draft', 'closed'] }], ['b', 'd']],
      ['in on numbers', [{ field: 'n', op: 'in', value: [1, 10, 99] }], ['a', 'd']],
      ['in with no values', [{ field: 'status', op: 'in', value: [] }], []],
      ['startsWith is case-sensitive', [{ field: 'title', op: 'startsWith', value: 'Al' }], ['a']],
      ['startsWith on a nested field', [{ field: 'claimant.email', op: 'startsWith', value: 'anna@' }], ['a', 'c']],
      ['arrayContains', [{ field: 'tags', op: 'arrayContains', value: 'y' }], ['a', 'b']],
      ['arrayContains, one holder', [{ field: 'tags', op: 'arrayContains', value: 'z' }], ['e']],
      ['arrayContains on a non-array field', [{ field: 'title', op: 'arrayContains', value: 'Alpha' }], []],
      ['exists true', [{ field: 'claimant', op: 'exists', value: true }], ['a', 'b', 'c']],
      ['exists false', [{ field: 'claimant', op: 'exists', value: false }], ['d', 'e']],
      ['exists treats null as absent', [{ field: 'note', op: 'exists', value: false }], ['a', 'b', 'd', 'e']],
      ['= null matches only null', [{ field: 'note', op: '=', value: null }], ['a']],
      ['dotted field', [{ field: 'claimant.email', op: '=', value: 'anna@example.fi' }], ['a']],
      ['two-level dotted field', [{ field: 'claimant.address.city', op: '=', value: 'Turku' }], ['b']],
      ['boolean true', [{ field: 'closed', op: '=', value: true }], ['b', 'd']],
      ['boolean false', [{ field: 'closed', op: '=', value: false }], ['a', 'c']],
      // Equality never crosses JSON types: 1, true and '1' are three different values.
      ['number does not match true or "1"', [{ field: 'code', op: '=', value: 1 }], ['a']],
      ['true does not match 1', [{ field: 'code', op: '=', value: true }], ['b']],
      ['"1" does not match 1', [{ field: 'code', op: '=', value: '1' }], ['e']],
      ['in does not cross JSON types either', [{ field: 'code', op: 'in', value: ['1'] }], ['e']],
      // An object is not the string of its JSON text (SQLite's json_extract answers an object as that text).
      ['a string never matches an object', [{ field: 'claimant', op: '=', value: '{"email":"anna@example.com"}' }], []],
      ['id is a field too', [{ field: 'id', op: 'in', value: ['b', 'e'] }], ['b', 'e']],
      [
        'several filters are ANDed',
        [
          { field: 'status', op: '=', value: 'open' },
          { field: 'n', op: '>', value: 1 },
        ],
        ['c', 'e'],
      ],
    ];

    it.each(filterCases)('filters: %s', async (_label, where, expected) => {
      const page = await cases.query({ partitionKey: pk, where });
      expect(ids(page.items).sort()).toEqual(expected);
      expect(page.continuation).toBeUndefined();
      expect(await cases.count({ partitionKey: pk, where })).toBe(expected.length);
    });

    it('restricts a query to one partition', async () => {
      const page = await cases.query({ partitionKey: pk });
      expect(ids(page.items)).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(page.items.every((doc) => doc.pk === pk)).toBe(true);
      expect(await cases.count({ partitionKey: pk })).toBe(5);
    });

    it('queries across partitions when no partition is named', async () => {
      const marker = randomUUID();
      const [pkA, pkB] = [newPk(), newPk()];
      await cases.create({ id: 'same', pk: pkA, marker });
      await cases.create({ id: 'same', pk: pkB, marker });
      await cases.create({ id: 'other', pk: pkB, marker: 'not this one' });
      const page = await cases.query({ where: [{ field: 'marker', op: '=', value: marker }] });
      expect(page.items.map((doc) => doc.pk).sort()).toEqual([pkA, pkB].sort());
      expect(await cases.count({ where: [{ field: 'marker', op: '=', value: marker }] })).toBe(2);
    });

    const orderCases: [string, 'asc' | 'desc', string[]][] = [
      ['n', 'asc', ['a', 'b', 'c', 'e', 'd']],
      ['n', 'desc', ['d', 'e', 'c', 'b', 'a']],
      // Ordinal string order: upper case before lower case.
      ['title', 'asc', ['a', 'b', 'd', 'e', 'c']],
      ['title', 'desc', ['c', 'e', 'd', 'b', 'a']],
      ['id', 'desc', ['e', 'd', 'c', 'b', 'a']],
    ];

    it.each(orderCases)('orders by %s %s', async (field, direction, expected) => {
      const page = await cases.query({ partitionKey: pk, orderBy: { field, direction } });
      expect(ids(page.items)).toEqual(expected);
    });

    it('orders the filtered documents', async () => {
      const page = await cases.query({
        partitionKey: pk,
        where: [{ field: 'status', op: '=', value: 'open' }],
        orderBy: { field: 'n', direction: 'desc' },
      });
      expect(ids(page.items)).toEqual(['e', 'c', 'a']);
    });

    it('rejects a field path that is not a dotted identifier', async () => {
      await expect(
        cases.query({ partitionKey: pk, where: [{ field: "status') OR 1=1 --", op: '=', value: 'x' }] }),
      ).rejects.toBeInstanceOf(TypeError);
      await expect(cases.query({ partitionKey: pk, orderBy: { field: 'a..b', direction: 'asc' } })).rejects.toThrow();
      await expect(cases.count({ where: [{ field: '', op: 'exists', value: true }] })).rejects.toThrow();
    });

    it('rejects a filter value of the wrong shape and a page size below 1', async () => {
      await expect(
        cases.query({ partitionKey: pk, where: [{ field: 'status', op: 'in', value: 'open' }] }),
      ).rejects.toBeInstanceOf(TypeError);
      await expect(
        cases.count({ partitionKey: pk, where: [{ field: 'n', op: '<', value: null }] }),
      ).rejects.toBeInstanceOf(TypeError);
      await expect(cases.query({ partitionKey: pk, limit: 0 })).rejects.toBeInstanceOf(RangeError);
    });

    it('rejects a continuation token it did not issue', async () => {
      await expect(cases.query({ partitionKey: pk, continuation: 'not-a-token' })).rejects.toBeInstanceOf(TypeError);
    });
  });

  describe('paging', () => {
    /** Unique n values in a scrambled insertion order. */
    async function seedPartition(size: number): Promise<string> {
      const pk = newPk();
      for (let i = 0; i < size; i += 1) {
        const n = (i * 7) % size; // 7 is coprime to the sizes used, so every n is distinct
        await cases.create({ id: `doc-${String(n).padStart(3, '0')}`, pk, n, status: n % 2 === 0 ? 'even' : 'odd' });
      }
      return pk;
    }

    it('returns every document exactly once, in order, across several pages', async () => {
      const pk = await seedPartition(23);
      const pages = await allPages(cases, { partitionKey: pk, orderBy: { field: 'n', direction: 'desc' }, limit: 5 });
      expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 3]);
      const seen = pages.flat().map((doc) => doc.n);
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => 22 - i));
    });

    it('pages in id order when no order is given, ending exactly on a full page', async () => {
      const pk = await seedPartition(10);
      const pages = await allPages(cases, { partitionKey: pk, limit: 5 });
      expect(pages.map((page) => page.length)).toEqual([5, 5]);
      const expected = Array.from({ length: 10 }, (_, n) => `doc-${String(n).padStart(3, '0')}`);
      expect(ids(pages.flat())).toEqual(expected);
    });

    it('pages a filtered query ordered ascending', async () => {
      const pk = await seedPartition(20);
      const pages = await allPages(cases, {
        partitionKey: pk,
        where: [{ field: 'status', op: '=', value: 'odd' }],
        orderBy: { field: 'n', direction: 'asc' },
        limit: 3,
      });
      expect(pages.flat().map((doc) => doc.n)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
      expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 1]);
    });

    it('pages through equal sort values without losing or repeating a document', async () => {
      const pk = newPk();
      for (let i = 0; i < 12; i += 1) await cases.create({ id: `tie-${String(i).padStart(2, '0')}`, pk, n: i % 3 });
      const pages = await allPages(cases, { partitionKey: pk, orderBy: { field: 'n', direction: 'asc' }, limit: 5 });
      const docs = pages.flat();
      expect(ids(docs).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `tie-${String(i).padStart(2, '0')}`));
      expect(docs.map((doc) => doc.n)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    });

    it('defaults to pages of 100', async () => {
      const pk = await seedPartition(101);
      const first = await cases.query({ partitionKey: pk });
      expect(first.items).toHaveLength(100);
      expect(first.continuation).toBeDefined();
      const second = await cases.query({ partitionKey: pk, continuation: first.continuation });
      expect(ids(second.items)).toEqual(['doc-100']);
      expect(second.continuation).toBeUndefined();
    });
  });

  describe('expiry (ttl)', () => {
    it('hides a document once its ttl has passed, from read, query and count', async () => {
      const pk = newPk();
      const created = await cases.create({ id: 'temp', pk, status: 'open', ttl: 60 });
      await cases.create({ id: 'lasting', pk, status: 'open' });
      for (const property of LEAKY_PROPERTIES) expect(created).not.toHaveProperty(property);
      expect(created.ttl).toBe(60);

      clock.advance(59_000);
      expect(await cases.read(pk, 'temp')).toEqual(created);
      expect(ids((await cases.query({ partitionKey: pk })).items)).toEqual(['lasting', 'temp']);
      expect(await cases.count({ partitionKey: pk, where: [{ field: 'status', op: '=', value: 'open' }] })).toBe(2);

      clock.advance(2_000);
      expect(await cases.read(pk, 'temp')).toBeUndefined();
      expect(ids((await cases.query({ partitionKey: pk })).items)).toEqual(['lasting']);
      expect(await cases.count({ partitionKey: pk, where: [{ field: 'status', op: '=', value: 'open' }] })).toBe(1);
      expect(await cases.count({ partitionKey: pk })).toBe(1);
    });

    it('counts the ttl from the last write', async () => {
      const pk = newPk();
      const created = await cases.create({ id: 'temp', pk, ttl: 60 });
      clock.advance(40_000);
      await cases.replace({ ...created, status: 'touched' }, { ifMatch: created._etag });
      clock.advance(40_000);
      expect((await cases.read(pk, 'temp'))?.status).toBe('touched');
      clock.advance(21_000);
      expect(await cases.read(pk, 'temp')).toBeUndefined();
    });

    it('treats an expired document as missing for replace, delete and create', async () => {
      const pk = newPk();
      const created = await cases.create({ id: 'temp', pk, title: 'old', ttl: 1 });
      clock.advance(1_500);
      await expect(cases.replace({ ...created, title: 'revived' })).rejects.toBeInstanceOf(StoreNotFoundError);
      await expect(cases.replace({ ...created, title: 'revived' }, { ifMatch: created._etag })).rejects.toBeInstanceOf(
        StoreNotFoundError,
      );

      const recreated = await cases.create({ id: 'temp', pk, title: 'new' });
      expect(recreated._etag).not.toBe(created._etag);
      expect(await cases.read(pk, 'temp')).toEqual(recreated);
      clock.advance(10_000);
      // No ttl now: the new document stays.
      expect((await cases.read(pk, 'temp'))?.title).toBe('new');

      await cases.create({ id: 'temp2', pk, ttl: 1 });
      clock.advance(1_500);
      expect(await cases.delete(pk, 'temp2')).toBe(false);
    });

    it('lets upsert write over an expired document', async () => {
      const pk = newPk();
      await cases.create({ id: 'temp', pk, title: 'old', ttl: 1 });
      clock.advance(1_500);
      const upserted = await cases.upsert({ id: 'temp', pk, title: 'new' });
      expect(await cases.read(pk, 'temp')).toEqual(upserted);
    });

    it('refuses a ttl that is not a positive whole number of seconds', async () => {
      const pk = newPk();
      await expect(cases.create({ id: 'bad', pk, ttl: 0 })).rejects.toBeInstanceOf(RangeError);
      await expect(cases.create({ id: 'bad', pk, ttl: 1.5 })).rejects.toBeInstanceOf(RangeError);
      expect(await cases.read(pk, 'bad')).toBeUndefined();
    });
  });
}

describe.each<[string, StoreFactory]>([
  ['sqlite', openSqlite],
  ['cosmos (cosmosdb-server)', openCosmos],
])('Store contract: %s', (_name, open) => {
  storeContract(open);
});
