import { useCallback } from 'react';
import { useChangeWatch } from '../../ui/live/use-change-watch';
import { getUnreadNotices } from './api/notices';
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
  const onChange = useCallback(() => useUnreadStore.getState().changed(), []);
  useChangeWatch(fetchToken, onChange);
  return unread;
}
