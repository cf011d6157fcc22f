/** The account menu's notices: every turn of a case, unread until opened or marked read. */
export const enNotices = {
  menuItem: 'Notices',
  menuItemUnread_one: 'Notices ({{count}} unread)',
  menuItemUnread_other: 'Notices ({{count}} unread)',
  unreadBadge_one: '{{count}} unread notice',
  unreadBadge_other: '{{count}} unread notices',
  title: 'Notices',
  intro: 'Each turn of your cases, as we also mail it to you. Open a notice to go to its place.',
  empty: 'No notices yet. When something in one of your cases needs you, it appears here.',
  unread: 'Unread',
  read: 'Read',
  open: 'Open',
  markRead: 'Mark read',
  markAllRead: 'Mark all read',
  close: 'Close',
  loadFailed: 'The notices could not be loaded. Try again later.',
  languageHeading: 'Language of mails and notices',
  languageIntro:
    'Mails and notices about your cases come in this language. Switching the screens’ language changes it too.',
  languageSaved: 'Saved. Language of mails and notices: {{language}}.',
  languageFailed: 'The language could not be saved. Try again later.',
} as const;
