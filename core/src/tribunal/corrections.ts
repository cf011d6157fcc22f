import { z } from 'zod';
import type { AwardDeadline } from './award-deadlines.js';
import type { PartySide } from '../disputes/case-turn.js';
import { OWN_INITIATIVE_PERIOD, periodSection, sectionLabel, STATUTORY_PERIODS } from '../law/arbitration-act.js';

/**
 * After the award (Arbitration Act 967/1992 §§ 37–39, docs/architecture.md "The outcome holds"): its delivery to
 * each party, each party's receipt, the periods that run from receipt, and the requests for a correction, an
 * interpretation or an additional award, each ending in its own signed, delivered document that refers to the
 * award (the award itself never changes).
 */

export const CORRECTION_KINDS = ['correction', 'interpretation', 'additionalAward'] as const;
/** A clerical or calculation error (§ 38), the meaning of a part of the award, or a claim not decided (§ 39). */
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/** How long a party has to request (days from receipt) and the tribunal to correct on its own (days from the award). */
export const CORRECTION_PERIOD_DAYS = STATUTORY_PERIODS.correction.length.days;
/** The other party's time to comment on a request unless the tribunal sets another. */
export const DEFAULT_COMMENT_DAYS = 14;

/** `POST /api/dispute/{id}/award/{awardId}/corrections`: a party's request. */
export const requestCorrectionSchema = z.object({
  kind: z.enum(CORRECTION_KINDS, {
    error: 'Choose what you request: a correction, an interpretation or an additional award.',
  }),
  text: z
    .string({ error: 'Say what should be corrected, interpreted or decided.' })
    .trim()
    .min(10, 'Say what should be corrected, interpreted or decided (at least 10 characters).')
    .max(10_000, 'The request can be at most 10 000 characters.'),
});
export type RequestCorrection = z.infer<typeof requestCorrectionSchema>;

/** `POST …/corrections/{requestId}/comments`: the other party's comment. */
export const commentCorrectionSchema = z.object({
  text: z
    .string({ error: 'Write your comment.' })
    .trim()
    .min(1, 'Write your comment.')
    .max(10_000, 'The comment can be at most 10 000 characters.'),
});

/** `PUT …/corrections/{requestId}/comment-period`: the tribunal sets the other party's period to comment. */
export const setCommentPeriodSchema = z.object({
  days: z
    .number({ error: 'Give the period in days.' })
    .int('Give the period in whole days.')
    .min(1, 'The period must be at least one day.')
    .max(60, 'The period can be at most 60 days.'),
});

/**
 * `POST …/corrections/{requestId}/decision`: the tribunal grants (with the text of the correction, the
 * interpretation or the additional award) or rejects (with its reasons).
 */
export const decideCorrectionSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({
      outcome: z.literal('grant'),
      text: z
        .string({ error: 'Write the text of the decision.' })
        .trim()
        .min(10, 'Write the text of the decision (at least 10 characters).')
        .max(40_000),
    }),
    z.object({
      outcome: z.literal('reject'),
      reasons: z
        .string({ error: 'Give the reasons for rejecting the request.' })
        .trim()
        .min(10, 'Give the reasons for rejecting the request (at least 10 characters).')
        .max(20_000),
    }),
  ],
  { error: 'Decide to grant or to reject the request.' },
);
export type DecideCorrection = z.infer<typeof decideCorrectionSchema>;

/** `POST /api/dispute/{id}/award/{awardId}/corrections/own-initiative`: the tribunal corrects on its own (§ 38). */
export const ownInitiativeCorrectionSchema = z.object({
  text: z
    .string({ error: 'Write the text of the correction.' })
    .trim()
    .min(10, 'Write the text of the correction (at least 10 characters).')
    .max(40_000),
});

/** `POST /api/dispute/{id}/award/{awardId}/receipt`: "I have received it" — the award, or one of its later documents. */
export const acknowledgeReceiptSchema = z.object({ documentId: z.string().min(1).max(255).optional() }).default({});

/** One mail that delivered a tribunal's document to a representative (§ 37). */
export interface AwardDeliveryView {
  side: PartySide;
  email: string;
  at: string;
  /** The Message-ID the mail went out with; absent when the mail failed. */
  messageId?: string;
  /** Whether the signed PDF went with the mail. */
  attached: boolean;
  failed?: boolean;
  /** Written to the outbox but not sent yet (being tried again after a failure, or waiting on the sweep); `at` is when it was written. */
  pending?: boolean;
}

/** A side's receipt: its acknowledgement or its first opening of the document. */
export interface AwardReceiptView {
  side: PartySide;
  at: string;
  how: 'acknowledged' | 'opened';
  name?: string;
}

export type CorrectionRequestStatus = 'Open' | 'Granted' | 'Rejected';

export interface CorrectionCommentView {
  side: PartySide;
  name: string;
  text: string;
  at: string;
}

export interface CorrectionRequestView {
  id: string;
  kind: CorrectionKind;
  side: PartySide;
  name: string;
  text: string;
  requestedAt: string;
  /** The other party's last day to comment (a Helsinki calendar date). */
  commentUntil: string;
  comments: CorrectionCommentView[];
  status: CorrectionRequestStatus;
  decidedAt?: string;
  decidedBy?: string;
  /** Rejected: the tribunal's reasons. */
  reasons?: string;
  /** The tribunal's signed decision on it (a record among `documents`): the correction etc., or the rejection. */
  documentId?: string;
}

/** A correction, an interpretation or an additional award: its own signed document, referring to the award. */
export interface CorrectionDocumentView {
  id: string;
  kind: CorrectionKind;
  refersTo: string;
  requestId?: string;
  /** The tribunal's decision rejecting the request `requestId` (not a correction of the award). */
  rejection?: true;
  status: 'Adopted' | 'Issued';
  text: string;
  adoptedAt?: string;
  issuedAt?: string;
  pdfSha256: string;
  fileName: string;
  signatures: { userId: string; name: string; title: string; signedAt: string }[];
  requiredSignatures: number;
  deliveries: AwardDeliveryView[];
  receipts: AwardReceiptView[];
}

/** `GET /api/dispute/{id}/award/{awardId}/delivery`: everything after the award, for the case page. */
export interface AwardAftercareView {
  awardId: string;
  caseNumber: string;
  issuedAt: string;
  deliveries: AwardDeliveryView[];
  receipts: AwardReceiptView[];
  /** The periods from each side's receipt (none before it). */
  deadlines: { side: PartySide; receivedAt: string; deadlines: AwardDeadline[] }[];
  /**
   * For a side whose receipt is not recorded yet: the same periods counted from the award's first successful
   * delivery mail to it (§ 37), shown as what they would be; they run from receipt, not from the mail.
   */
  fromDelivery: { side: PartySide; deliveredAt: string; deadlines: AwardDeadline[] }[];
  /** Whether the award fixes the arbitrators' fees (a fees order): only then does the § 47 period apply. */
  fixesFees: boolean;
  /** The last day the tribunal may correct on its own initiative (30 days from the award). */
  ownInitiativeUntil: string;
  requests: CorrectionRequestView[];
  documents: CorrectionDocumentView[];
}

/**
 * The names of the receipt buttons on the case page's after-care card, quoted word for word by the § 37
 * delivery mails (the web catalogues take these same strings).
 */
export const RECEIPT_BUTTON = {
  en: { award: 'I have received the award', document: 'I have received this document' },
  fi: { award: 'Olen vastaanottanut tuomion', document: 'Olen vastaanottanut tämän asiakirjan' },
} as const;

/** Texts of the answers about delivery, receipt and §§ 38–39. */
export const CORRECTION_MESSAGES = {
  notIssued: 'The award has not been issued yet.',
  partiesOnly: 'Only a party to the case can do this.',
  requestLate: `The ${STATUTORY_PERIODS.correction.term.en} from your receipt of the award have passed: a correction, an interpretation or an additional award can no longer be requested (Arbitration Act ${periodSection('correction', 'en')}).`,
  requestBeforeReceipt: 'Confirm that you have received the award before requesting a correction.',
  requestNotFound: 'Request not found.',
  notOpen: 'The tribunal has already decided this request.',
  ownRequest: 'The other party comments on a request; you made this one.',
  commentLate: 'The period set for comments on this request has passed.',
  commentPeriodOpen:
    'The other party’s period to comment is still running; decide after it ends, or shorten the period.',
  ownInitiativeLate: `The tribunal may correct the award on its own initiative only within ${OWN_INITIATIVE_PERIOD.length.days} days of the award (Arbitration Act ${sectionLabel(OWN_INITIATIVE_PERIOD.sections, 'en')}).`,
  notACorrection: 'This is not a correction, an interpretation or an additional award.',
  alreadyReceived: 'You have already confirmed that you received this document.',
} as const;
