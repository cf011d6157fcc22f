import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useChangeWatch } from '../../ui/live/use-change-watch';
import { getUnreadNotices } from './api/notices';
import { noticeKeys } from './api/query-keys';
import { useUnreadStore } from './unread-store';

/**
 * The unread count of the account menu: polled with the live pages' back-off (3, 5, 8, then every 10 s while
 * it stays the same; a hidden tab asks nothing); a change makes an open notices page load again.
 */
export function useUnreadNotices(): number {
  const unread = useUnreadStore((state) => state.unread);
  const fetchToken = useCallback(async (signal: AbortSignal) => {
    const answer = await getUnreadNotices(signal);
    useUnreadStore.getState().setUnread(answer.unread);
    return { token: String(answer.unread) };
  }, []);
  const client = useQueryClient();
  const onChange = useCallback(() => void client.invalidateQueries({ queryKey: noticeKeys.list }), [client]);
  useChangeWatch(fetchToken, onChange);
  return unread;
}
