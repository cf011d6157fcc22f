/** The notices' query keys: the list on /notices, fetched again when the menu's polled unread count changes. */
export const noticeKeys = {
  list: ['notices', 'list'] as const,
};
