import { randomUUID } from 'node:crypto';
import type { DisputeStatus, DisputeSummary } from '@ratkaisu/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../functions/src/context/caller.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import { type DisputeDocument, withLookupIndexes } from '../../functions/src/services/disputes/dispute-document.js';
import { listDisputePage } from '../../functions/src/services/disputes/list-dispute-page.js';
import { listDisputes } from '../../functions/src/services/disputes/list-disputes.js';
import { openCosmosStore, openSqliteStore, type OpenedStore } from './support/open-store.js';

/**
 * The paged case list against both store adapters: a law firm's user sees
 * thousands of cases (created by them, naming their email on either side, or both;
 * some created in the same millisecond, some written before list keys existed)
 * among others' cases; paging by 50 returns every one exactly once, in the
 * order of the whole list, with the store's count.
 */
/**
 * 2,000 on SQLite (40 pages of 50) and 600 on the Cosmos stand-in (12 pages), which evaluates every query by
 * scanning every document in JavaScript: enough pages for every rule of the paging (same-millisecond cases,
 * cases without list keys or a stored turn, both sides) to be crossed many times; the paging logic is the same
 * code on both. How fast a list of 10,000 pages is `npm run bench`'s question, not this test's.
 */
const CASES_SQLITE = 2_000;
const CASES_COSMOS = 600;
const STATUSES: DisputeStatus[] = ['Pending', 'InProgress', 'Resolved', 'Closed'];

const systemClock = { now: () => new Date() };
const openSqlite = () => openSqliteStore(systemClock, { prefix: 'pages' });
const openCosmos = () => openCosmosStore(systemClock, { prefix: 'pages' });

function pagesOf(open: () => Promise<OpenedStore>, CASES: number): void {
  let opened: OpenedStore;
  const caller: Caller = {
    userId: randomUUID(),
    sessionId: 's',
    tenantId: 'default',
    email: 'laki@toimisto.fi',
    roles: ['User'],
  };

  beforeAll(async () => {
    opened = await open();
    const user: UserDocument = {
      id: caller.userId,
      pk: caller.userId,
      tenantId: 'default',
      userName: 'toimisto',
      userNameKey: 'toimisto',
      email: caller.email,
      emailKey: caller.email,
      emailConfirmed: true,
      roles: ['User'],
      isActive: true,
      dateJoined: new Date().toISOString(),
      tfaEnabled: false,
      agreedTermsOfService: 1,
    };
    await opened.store.collection<UserDocument>('users').create(user);
    const disputes = opened.store.collection<DisputeDocument>('disputes');
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const docs: DisputeDocument[] = [];
    for (let index = 0; index < CASES + 500; index++) {
      const id = randomUUID();
      const mine = index < CASES;
      // Every seventh case shares its millisecond with the one before it.
      const dateCreated = new Date(start + Math.floor(index - (index % 7 === 0 ? 1 : 0)) * 60_000).toISOString();
      const how = index % 4;
      const phaseId = randomUUID();
      const doc = withLookupIndexes<DisputeDocument>({
        id,
        pk: id,
        name: `Asia ${index}`,
        description: '',
        dateCreated,
        createdBy:
          mine && how !== 2 && how !== 3
            ? { id: caller.userId, email: caller.email }
            : { id: randomUUID(), email: 'muu@example.fi' },
        claimant: {
          name: 'Kantaja Oy',
          identificationNumber: '',
          address: '',
          email: mine && (how === 1 || how === 2) ? caller.email : 'k@example.fi',
        },
        respondent: {
          name: 'Vastaaja Oy',
          identificationNumber: '',
          address: '',
          email: mine && how === 3 ? caller.email : 'v@example.fi',
        },
        claimantEmailKey: mine && (how === 1 || how === 2) ? caller.email : 'k@example.fi',
        respondentEmailKey: mine && how === 3 ? caller.email : 'v@example.fi',
        status: STATUSES[index % STATUSES.length]!,
        // Every third case has been sent to the respondent: its turn is theirs.
        phases: [{ id: phaseId, type: index % 3 === 0 ? 'Response' : 'Claim', dateCreated, attachments: [] }],
        activePhaseId: phaseId,
        tenantId: 'default',
        phaseIds: [],
        attachmentIds: [],
      });
      // Every hundredth was written before list keys existed.
      if (index % 100 === 5) delete (doc as { listKey?: string }).listKey;
      // And some before the turn holder was stored.
      if (index % 100 === 7) delete (doc as { turnHolder?: string }).turnHolder;
      docs.push(doc);
    }
    for (let offset = 0; offset < docs.length; offset += 200) {
      await Promise.all(docs.slice(offset, offset + 200).map((doc) => disputes.create(doc)));
    }
  }, 600_000);
  afterAll(async () => {
    await opened?.dispose();
  });

  async function everyPage(
    section?: 'inProgress' | 'resolved' | 'yourTurn' | 'waiting',
  ): Promise<{ items: DisputeSummary[]; total?: number; pages: number }> {
    const items: DisputeSummary[] = [];
    let continuation: string | undefined;
    let total: number | undefined;
    let pages = 0;
    do {
      const page = await listDisputePage({ store: opened.store }, caller, { limit: 50, section, continuation });
      if (pages === 0) total = page.total;
      items.push(...page.items);
      continuation = page.continuation;
      pages++;
      expect(pages).toBeLessThanOrEqual(CASES / 50 + 1);
    } while (continuation);
    return { items, total, pages };
  }

  it("pages through all its cases by 50 with no duplicates or gaps, in the whole list's order", async () => {
    const whole = await listDisputes({ store: opened.store, clock: { now: () => new Date() } }, caller);
    expect(whole).toHaveLength(CASES);
    const { items, total, pages } = await everyPage();
    expect(total).toBe(CASES);
    expect(pages).toBe(Math.ceil(CASES / 50));
    expect(new Set(items.map((item) => item.id)).size).toBe(CASES);
    expect(items.map((item) => item.id)).toEqual(whole.map((item) => item.id));
    expect(items.map((item) => item.side)).toEqual(whole.map((item) => item.side));
  }, 600_000);

  it('pages one dashboard section with its own count', async () => {
    const whole = (await listDisputes({ store: opened.store, clock: { now: () => new Date() } }, caller)).filter(
      (item) => item.status === 'Resolved',
    );
    const { items, total } = await everyPage('resolved');
    expect(total).toBe(whole.length);
    expect(items.map((item) => item.id)).toEqual(whole.map((item) => item.id));
  }, 600_000);

  it('pages Your turn and Waiting by the stored turn: together the cases in progress, each once, with counts', async () => {
    const inProgress = (await listDisputes({ store: opened.store, clock: { now: () => new Date() } }, caller)).filter(
      (item) => item.status === 'Pending' || item.status === 'InProgress',
    );
    const yourTurn = await everyPage('yourTurn');
    const waiting = await everyPage('waiting');
    const mine = inProgress.filter((item) => item.turn?.whose === 'you');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(inProgress.length);
    expect(yourTurn.items.map((item) => item.id)).toEqual(mine.map((item) => item.id));
    expect(yourTurn.total).toBe(mine.length);
    expect(waiting.items.map((item) => item.id)).toEqual(
      inProgress.filter((item) => item.turn?.whose !== 'you').map((item) => item.id),
    );
    expect(waiting.total).toBe(inProgress.length - mine.length);
    // The creator's side is the claimant's: a case sent to the respondent waits; one the caller answers is theirs.
    expect(yourTurn.items.every((item) => (item.side === 'claimant') === (item.activePhaseType === 'Claim'))).toBe(
      true,
    );
  }, 600_000);

  it('refuses a continuation that is not its own', async () => {
    const first = await listDisputePage({ store: opened.store }, caller, { limit: 50 });
    await expect(
      listDisputePage({ store: opened.store }, caller, {
        limit: 50,
        section: 'resolved',
        continuation: first.continuation,
      }),
    ).rejects.toThrow(/continuation is not valid/);
    await expect(
      listDisputePage({ store: opened.store }, caller, { limit: 50, continuation: 'not-a-token' }),
    ).rejects.toThrow(/continuation is not valid/);
  });
}

describe('paged case list on SQLite', () => pagesOf(openSqlite, CASES_SQLITE));
describe('paged case list on Cosmos DB', () => pagesOf(openCosmos, CASES_COSMOS));
