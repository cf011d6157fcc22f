import { create } from 'zustand';

/**
 * The unread notices count the account menu shows, polled there (use-unread-notices.ts); `version` grows when
 * the count changes, so an open notices page loads its list again.
 */
export const useUnreadStore = create<{
  unread: number;
  version: number;
  setUnread: (unread: number) => void;
  changed: () => void;
}>()((set) => ({
  unread: 0,
  version: 0,
  setUnread: (unread) => set({ unread }),
  changed: () => set((state) => ({ version: state.version + 1 })),
}));
