import { randomUUID } from 'node:crypto';
import type { MarkNoticesRead, NoticeList, NoticeView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { StoreConflictError, type Stored } from '../../ports/store.js';
import { NOTICE_TTL_SECONDS, type NoticeDocument } from '../../records/notice-document.js';

type StoreDeps = Pick<Deps, 'store' | 'clock'>;

/** How many notices the menu lists: the newest; older ones stay stored until they expire. */
export const NOTICE_LIST_LIMIT = 50;

/** Writes one new notice for one user (unread). */
export async function writeNotice(
  deps: StoreDeps,
  notice: Omit<NoticeDocument, 'id' | 'pk' | 'createdAt' | 'readAt' | 'ttl'> & { id?: string },
): Promise<Stored<NoticeDocument>> {
  return deps.store.collection<NoticeDocument>('notices').create({
    ...notice,
    id: notice.id ?? randomUUID(),
    pk: notice.userId,
    createdAt: deps.clock.now().toISOString(),
    ttl: NOTICE_TTL_SECONDS,
  });
}

/** The user's newest notices, newest first, and how many of all the user's notices are unread. */
export async function listNotices(deps: StoreDeps, userId: string): Promise<NoticeList> {
  const notices = deps.store.collection<NoticeDocument>('notices');
  const [page, unread] = await Promise.all([
    notices.query({
      partitionKey: userId,
      orderBy: { field: 'createdAt', direction: 'desc' },
      limit: NOTICE_LIST_LIMIT,
    }),
    countUnread(deps, userId),
  ]);
  return { items: page.items.map(toNoticeView), unread };
}

/** How many of the user's notices are unread (the menu's badge). */
export async function countUnread(deps: Pick<Deps, 'store'>, userId: string): Promise<number> {
  return deps.store
    .collection<NoticeDocument>('notices')
    .count({ partitionKey: userId, where: [{ field: 'readAt', op: 'exists', value: false }] });
}

/**
 * Marks the named notices (or all) of the user read, each conditionally on the version read: a notice read
 * meanwhile elsewhere keeps its first reading time. Ids of other users' notices are simply not found in this
 * user's partition. Answers how many changed.
 */
export async function markNoticesRead(deps: StoreDeps, userId: string, which: MarkNoticesRead): Promise<number> {
  const notices = deps.store.collection<NoticeDocument>('notices');
  const now = deps.clock.now().toISOString();
  const targets: Stored<NoticeDocument>[] = [];
  if ('all' in which || 'disputeId' in which) {
    let continuation: string | undefined;
    do {
      const page = await notices.query({
        partitionKey: userId,
        where: [
          { field: 'readAt', op: 'exists', value: false },
          // The notices about one case: its user opened that case.
          ...('disputeId' in which ? [{ field: 'disputeId', op: '=' as const, value: which.disputeId }] : []),
        ],
        limit: 1000,
        ...(continuation ? { continuation } : {}),
      });
      targets.push(...page.items);
      continuation = page.continuation;
    } while (continuation);
  } else {
    for (const id of new Set(which.ids)) {
      const notice = await notices.read(userId, id);
      if (notice && !notice.readAt) targets.push(notice);
    }
  }
  let changed = 0;
  for (const { _etag, ...notice } of targets) {
    try {
      await notices.replace({ ...notice, readAt: now, ttl: NOTICE_TTL_SECONDS }, { ifMatch: _etag });
      changed += 1;
    } catch (error) {
      // Read meanwhile (another tab): it stays read with its first time.
      if (!(error instanceof StoreConflictError)) throw error;
    }
  }
  return changed;
}

export function toNoticeView(notice: NoticeDocument): NoticeView {
  return {
    id: notice.id,
    event: notice.event,
    title: notice.title,
    text: notice.text,
    path: notice.path,
    createdAt: notice.createdAt,
    ...(notice.readAt ? { readAt: notice.readAt } : {}),
  };
}
