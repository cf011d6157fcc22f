import { z } from 'zod';
import { DISPLAY_LANGUAGES, type DisplayLanguage } from '../text/display-dates.js';

/**
 * In-app notices: each turn of a case that mails someone also leaves a notice for each
 * recipient with an account, listed in the account menu, unread until opened or marked read.
 */

/** The events that notify someone: the mails' template set (functions/src/services/notices/notice-templates.ts). */
export const NOTICE_EVENTS = [
  'decisionRequested',
  'decisionReady',
  'otherPartyAccepted',
  'caseResolved',
  'acceptanceLapsed',
  'tribunalRequested',
  'tribunalRequestedAdmin',
  'draftReady',
  'claimsExtracted',
  'claimsConfirmed',
  'claimsCorrected',
  'arbitratorAppointed',
  'arbitratorAccepted',
  'tribunalConstituted',
  'tribunalDelivered',
  'correctionRequested',
  'caseInvitation',
  'phaseStarted',
  'tribunalSizeAnswered',
  'arbitratorChallenge',
  'newMatter',
  'correctionStep',
  'representativeLeft',
  'retentionWarning',
  'tribunalFees',
] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/** One notice as `GET /api/notices` lists it: its title and line in both languages, the place it links to. */
export interface NoticeView {
  id: string;
  event: NoticeEvent;
  title: Record<DisplayLanguage, string>;
  text: Record<DisplayLanguage, string>;
  /** A path on this site: the case page with an anchor, the review page, the admin queue. */
  path: string;
  createdAt: string;
  readAt?: string;
}

export interface NoticeList {
  items: NoticeView[];
  unread: number;
}

export const NOTICE_MESSAGES = {
  invalidRead: 'Name the notices to mark read, or all of them.',
  invalidLanguage: 'The language must be en or fi.',
} as const;

/**
 * `POST /api/notices/read`: the ids to mark read (at most 100), `all`, or every notice about one case
 * (`disputeId`: its user opened the case the notices are about).
 */
export const markNoticesReadSchema = z.union([
  z.object({ all: z.literal(true) }, { error: NOTICE_MESSAGES.invalidRead }),
  z.object(
    { disputeId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, NOTICE_MESSAGES.invalidRead) },
    { error: NOTICE_MESSAGES.invalidRead },
  ),
  z.object(
    {
      ids: z
        .array(z.string().regex(/^[A-Za-z0-9-]{1,64}$/), { error: NOTICE_MESSAGES.invalidRead })
        .min(1, NOTICE_MESSAGES.invalidRead)
        .max(100, NOTICE_MESSAGES.invalidRead),
    },
    { error: NOTICE_MESSAGES.invalidRead },
  ),
]);
export type MarkNoticesRead = z.infer<typeof markNoticesReadSchema>;

/** The account's language for mails and notices (`POST /user/update-language`, and sign-up's `language`). */
export const accountLanguageSchema = z.enum(DISPLAY_LANGUAGES, { error: NOTICE_MESSAGES.invalidLanguage });
