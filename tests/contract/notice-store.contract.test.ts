/**
 * The in-app notice store on both store adapters: a user's notices newest first with the unread
 * count, marking read by id or all (each once, another user's notice never), expiry after 400 days.
 */
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { NoticeDocument } from '../../functions/src/records/notice-document.js';
import {
  countUnread,
  listNotices,
  markNoticesRead,
  writeNotice,
} from '../../functions/src/services/notices/notice-store.js';
import { MovableClock } from '../support/movable-clock.js';
import { openCosmosStore, openSqliteStore, type OpenedStore, type StoreFactory } from './support/open-store.js';

const openSqlite: StoreFactory = (clock) => openSqliteStore(clock, { prefix: 'notices' });
const openCosmos: StoreFactory = (clock) => openCosmosStore(clock, { prefix: 'notices' });

function notice(userId: string, n: number): Omit<NoticeDocument, 'id' | 'pk' | 'createdAt' | 'readAt' | 'ttl'> {
  return {
    userId,
    event: 'decisionReady',
    disputeId: 'case-1',
    title: { en: `Notice ${n}`, fi: `Ilmoitus ${n}` },
    text: { en: `Line ${n}`, fi: `Rivi ${n}` },
    path: `/case-attachment/case-1#decision`,
  };
}

describe.each<[string, StoreFactory]>([
  ['sqlite', openSqlite],
  ['cosmos (cosmosdb-server)', openCosmos],
])('Notice store: %s', (_name, open) => {
  const clock = new MovableClock({ frozen: true });
  let opened: OpenedStore | undefined;
  const deps = () => ({ store: opened!.store, clock });

  beforeAll(async () => {
    opened = await open(clock);
  });
  afterAll(async () => {
    await opened?.dispose();
  });

  it('lists a user’s notices newest first, in both languages, with the unread count', async () => {
    const user = `user-${randomUUID()}`;
    const other = `user-${randomUUID()}`;
    for (const n of [1, 2, 3]) {
      await writeNotice(deps(), notice(user, n));
      clock.advance(1000);
    }
    await writeNotice(deps(), notice(other, 9));
    const list = await listNotices(deps(), user);
    expect(list.items.map((item) => item.title.en)).toEqual(['Notice 3', 'Notice 2', 'Notice 1']);
    expect(list.items[0]).toMatchObject({ title: { fi: 'Ilmoitus 3' }, text: { en: 'Line 3', fi: 'Rivi 3' } });
    expect(list.items.every((item) => item.readAt === undefined)).toBe(true);
    expect(list.unread).toBe(3);
    expect(await countUnread(deps(), other)).toBe(1);
  });

  it('marks named notices read once, keeps the first reading time, never another user’s', async () => {
    const user = `user-${randomUUID()}`;
    const other = `user-${randomUUID()}`;
    const mine = await writeNotice(deps(), notice(user, 1));
    await writeNotice(deps(), notice(user, 2));
    const theirs = await writeNotice(deps(), notice(other, 3));

    const firstRead = clock.now().toISOString();
    expect(await markNoticesRead(deps(), user, { ids: [mine.id, theirs.id] })).toBe(1);
    clock.advance(60_000);
    expect(await markNoticesRead(deps(), user, { ids: [mine.id] })).toBe(0);

    const list = await listNotices(deps(), user);
    expect(list.items.find((item) => item.id === mine.id)?.readAt).toBe(firstRead);
    expect(list.unread).toBe(1);
    expect(await countUnread(deps(), other)).toBe(1);

    expect(await markNoticesRead(deps(), user, { all: true })).toBe(1);
    expect(await countUnread(deps(), user)).toBe(0);
    expect(await countUnread(deps(), other)).toBe(1);
  });

  it('lets notices expire 400 days after their last change', async () => {
    const user = `user-${randomUUID()}`;
    await writeNotice(deps(), notice(user, 1));
    clock.advance(399 * 24 * 3600 * 1000);
    expect((await listNotices(deps(), user)).items).toHaveLength(1);
    clock.advance(2 * 24 * 3600 * 1000);
    expect((await listNotices(deps(), user)).items).toHaveLength(0);
    expect(await countUnread(deps(), user)).toBe(0);
  });
});
