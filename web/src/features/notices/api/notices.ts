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

/** POST /api/notices/read: the named notices, all, or those about one case, marked read. */
export function markNoticesRead(
  which: { ids: string[] } | { all: true } | { disputeId: string },
): Promise<{ marked: number; unread: number }> {
  return api.post<{ marked: number; unread: number }>('/api/notices/read', which);
}
