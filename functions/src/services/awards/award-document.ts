import type { DecisionSettingsRecord, DispositivePart, FlaggedReference } from '@ratkaisu/core';
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
export interface AwardDocument extends BaseDoc {
  disputeId: string;
  kind: 'aiDecision' | 'award';
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
  /**
   * Per chapter (zero-based), the version in which it was last written, edited or confirmed as still
   * right: a chapter is stale when one it is written from changed later (issue 27 item 6). Absent on
   * records from before: every chapter then counts as written in version 1.
   */
  chapterChangedAt?: number[];
  /** Each member's opening of a chapter (1-based), recorded once per chapter and change (issue 31 item 3). */
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
