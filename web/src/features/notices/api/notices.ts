import type { NoticeList } from '@ratkaisu/core';
import { api } from '../../../api/api';

/** GET /api/notices: the newest notices (both languages) and the unread count. */
export function getNotices(signal?: AbortSignal): Promise<NoticeList> {
  return api.get<NoticeList>('/api/notices', { signal });
}

/** GET /api/notices/unread: the count alone, the menu's cheap poll. */
export function getUnreadNotices(signal?: AbortSignal): Promise<{ unread: number }> {
  return api.get<{ unread: number }>('/api/notices/unread', { signal });
}

/**
 * POST /api/notices/read with `{ disputeId }`: the notices about a case just opened. A side effect of opening the
 * page, so a 401 here sends nobody anywhere (the page's own calls deal with an ended session).
 */
export function markCaseNoticesRead(disputeId: string): Promise<{ marked: number; unread: number }> {
  return api.post<{ marked: number; unread: number }>(
    '/api/notices/read',
    { disputeId },
    { redirectOnUnauthorized: false },
  );
}

/** POST /api/notices/read: the named notices, or all, marked read. */
export function markNoticesRead(which: { ids: string[] } | { all: true }): Promise<{ marked: number; unread: number }> {
  return api.post<{ marked: number; unread: number }>('/api/notices/read', which);
}
