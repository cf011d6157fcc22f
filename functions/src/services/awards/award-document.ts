import type {
  CorrectionKind,
  CorrectionRequestStatus,
  DecisionSettingsRecord,
  DispositivePart,
  FlaggedReference,
} from '@ratkaisu/core';
import type { BaseDoc } from '../../ports/store.js';

/** A document of the case file as the award's list shows it. */
export interface DecisionDocumentRow {
  code: string;
  fileId: string;
  phase?: string;
  fileName: string;
  pages: number;
  /** What the reader should know about the file: unreadable, pages without text, read by OCR. */
  note?: string;
}

/** How the draft was made, for the AI-use statement. */
export interface DecisionProduction {
  offline: boolean;
  model: string;
  /** Which deployment served it (ai-use/ai-use-details.ts modelDeployment); absent on older records. */
  deployment?: string;
  sampling?: { temperature: number; top_p: number };
  condensed: boolean;
  generatedAt: string;
}

/** One saved version of a draft's text (the text itself is in the 'attachments' blob container). */
export interface AwardVersionRecord {
  version: number;
  savedAt: string;
  savedBy: { userId: string; name: string };
  source: 'ai' | 'tribunal';
  blobName: string;
}

/**
 * A decision's record in the 'awards' collection: id = the Resolution-phase attachment's id, partition = the
 * case. An AI decision (no tribunal) is complete when written; a tribunal's draft is edited in versions,
 * adopted by the chair and signed by the members, then issued.
 */
/** One mail that delivered a signed document to a representative (§ 37); `messageId` absent when it failed. */
export interface AwardDeliveryRecord {
  side: 'claimant' | 'respondent';
  email: string;
  at: string;
  messageId?: string;
  attached: boolean;
  error?: string;
  /** The outbox's record of this mail (services/outbox): a repaired delivery records each mail once. */
  mailId?: string;
}

/**
 * What is still to be done after the signed document was issued, in order (finish-issuance.ts): each step is
 * written in the same conditional write as the issue, and removed as it is done, so a crash leaves the rest
 * named for the sweep (sweep-issuances.ts).
 */
export type IssuanceStep = 'resolveCase' | 'recordCorrection' | 'deliver';

/** A side's receipt of a signed document: the first acknowledgement or opening by any of its representatives. */
export interface AwardReceiptRecord {
  side: 'claimant' | 'respondent';
  userId: string;
  name: string;
  at: string;
  how: 'acknowledged' | 'opened';
}

/** A party's request under §§ 38–39, kept on the award it concerns. */
export interface CorrectionRequestRecord {
  id: string;
  kind: CorrectionKind;
  side: 'claimant' | 'respondent';
  userId: string;
  name: string;
  text: string;
  requestedAt: string;
  /** The other party's last day to comment, a Helsinki calendar date. */
  commentUntil: string;
  comments: { side: 'claimant' | 'respondent'; userId: string; name: string; text: string; at: string }[];
  status: CorrectionRequestStatus;
  decidedAt?: string;
  decidedBy?: string;
  reasons?: string;
  documentId?: string;
}

/** The tribunal's documents: the award, and what §§ 38–39 add to it (each its own signed, delivered document). */
export type TribunalDocumentKind = 'award' | CorrectionKind;

export interface AwardDocument extends BaseDoc {
  disputeId: string;
  kind: 'aiDecision' | TribunalDocumentKind;
  /** A correction, interpretation or additional award: the award it refers to (never changed by it). */
  refersTo?: string;
  /** …and the party's request it decides; absent for a correction on the tribunal's own initiative. */
  requestId?: string;
  /**
   * The tribunal's decision rejecting that request (§§ 38–39): its own signed and delivered PDF (the reasons,
   * and that the § 41 period runs from its receipt); `kind` is the kind of request rejected.
   */
  rejection?: true;
  /** Delivery mails of the signed document (§ 37), one per representative. */
  deliveries?: AwardDeliveryRecord[];
  /** The steps after issue not yet done; absent when there are none. */
  issuanceSteps?: IssuanceStep[];
  /** The § 37 mails written to the outbox (one per representative), sent or not yet. */
  deliveryMails?: { mailId: string; side: 'claimant' | 'respondent'; email: string; at: string }[];
  /** Each side's receipt of the signed document. */
  partyReceipts?: AwardReceiptRecord[];
  /** The requests for correction, interpretation or an additional award (on the award itself). */
  correctionRequests?: CorrectionRequestRecord[];
  status: 'Draft' | 'Adopted' | 'Issued';
  caseNumber: string;
  jobId: string;
  settings: DecisionSettingsRecord;
  production: DecisionProduction;
  aiChapters: { heading: string; text: string }[];
  chapters: { heading: string; text: string }[];
  aiDispositive?: DispositivePart;
  dispositive?: DispositivePart;
  costs?: string;
  version: number;
  versions: AwardVersionRecord[];
  flagged: FlaggedReference[];
  checkedReferences: number;
  injections: { code: string; page: number; excerpt: string }[];
  documents: DecisionDocumentRow[];
  /** The PDF parties or the tribunal download now: the AI decision, the draft, or the adopted award. */
  pdfBlobName: string;
  pdfSha256: string;
  adoptedAt?: string;
  adoptedBy?: string;
  notSigning: { userId: string; name: string; reason: string }[];
  signatures: { userId: string; name: string; title: string; signedAt: string; pdfSha256: string }[];
  issuedAt?: string;
  /** An AI decision both parties accepted, sealed by the service (services/signing/seal-accepted-decision.ts). */
  sealedAt?: string;
  /** The SHA-256 of the PDF as accepted, before the seal was appended. */
  acceptedPdfSha256?: string;
  /**
   * Per chapter (zero-based), the version in which it was last written, edited or confirmed as still
   * right: a chapter is stale when one it is written from changed later. Absent on
   * records from before: every chapter then counts as written in version 1.
   */
  chapterChangedAt?: number[];
  /** Each member's opening of a chapter (1-based), recorded once per chapter and change. */
  chapterOpens?: ChapterMark[];
  /** Chapters whose AI text a member discarded to write them from blank (1-based). */
  blankChapters?: ChapterMark[];
}

/** A member's act on one chapter (1-based) in one version. */
export interface ChapterMark {
  chapter: number;
  userId: string;
  name: string;
  at: string;
  version: number;
}

/** Whether the award orders the arbitrators' fees: only then does the § 47 period apply (docs/award-law.md). */
export function fixesArbitratorsFees(document: Pick<AwardDocument, 'dispositive'>): boolean {
  return (document.dispositive?.orders ?? []).some((order) => order.kind === 'fees');
}
