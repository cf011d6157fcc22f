import { create } from 'zustand';

/**
 * The unread notices count the account menu shows, polled there (use-unread-notices.ts, which also has an open
 * notices page fetch its list again when the count changes).
 */
export const useUnreadStore = create<{
  unread: number;
  setUnread: (unread: number) => void;
}>()((set) => ({
  unread: 0,
  setUnread: (unread) => set({ unread }),
}));
