import type { DisplayLanguage, NoticeEvent } from '@ratkaisu/core';
import type { BaseDoc } from '../ports/store.js';

/**
 * One in-app notice to one user ('notices' collection, partitioned by the user's id, so a user's list is one
 * partition). Written beside each mail of the template set (services/notices/notify.ts), in both languages,
 * so a user who switches the language reads the list in the new one.
 */
export interface NoticeDocument extends BaseDoc {
  userId: string;
  event: NoticeEvent;
  disputeId?: string;
  title: Record<DisplayLanguage, string>;
  text: Record<DisplayLanguage, string>;
  /** A path on this site (never a full URL): where the notice's link lands. */
  path: string;
  createdAt: string;
  readAt?: string;
}

/** Notices are kept for 400 days after their last change (read or written), then expire by ttl. */
export const NOTICE_TTL_SECONDS = 400 * 24 * 60 * 60;
