import { z } from 'zod';
import type { DisputeStatus, PhaseType } from '../domain/phases.js';
import type { Party } from '../disputes/dispute-schemas.js';
import type { ClaimsSummaryView, TribunalView } from '../tribunal/tribunal.js';
import type { CaseTurn } from '../disputes/case-turn.js';
import type { CaseOutcome } from '../disputes/case-outcome.js';
import type { ConstitutionView } from '../tribunal/constitution.js';
import type { CaseLanguage } from '../i18n/file-names.js';
import type { CaseRetentionView } from './retention.js';
import type { CasePaymentView } from './fees.js';

/**
 * Response shapes of the dispute calls (docs/product.md sections 3 and 7). Dates are
 * ISO 8601 strings in UTC.
 */
export interface AttachmentView {
  id: string;
  fileName: string;
  dateCreated: string;
  /**
   * Decisions only: Generating, Completed or Failed (docs/product.md); Draft for a tribunal's draft that is not
   * an award yet (shown to the tribunal only).
   */
  status?: 'Generating' | 'Completed' | 'Failed' | 'Draft';
  errorMessage?: string;
  size?: number;
  /** Decisions only: an AI decision (no tribunal) or the tribunal's award. */
  decisionKind?: 'aiDecision' | 'award';
  /** AI decisions: the sides that accepted it (both → the case is Resolved). */
  acceptedBy?: ('claimant' | 'respondent')[];
  /** Issued awards and AI decisions: each party's first download (the receipt that starts the periods to challenge). */
  receipts?: { side: 'claimant' | 'respondent'; at: string }[];
  /** A decision being generated: the job to follow for its progress (GET /api/dispute/job/{jobId}/status). */
  jobId?: string;
  /** Decisions: the version number on the case (1, 2, …), given when the decision is ready. */
  version?: number;
  /** Decisions: the SHA-256 (hex) of the PDF of this version. */
  sha256?: string;
  /** AI decisions: each acceptance with the version and SHA-256 it bound to. */
  acceptances?: { side: 'claimant' | 'respondent'; at: string; version?: number; sha256?: string }[];
  /** AI decisions: acceptances that lapsed (a party asked for a new version before both had accepted). */
  lapsedAcceptances?: { side: 'claimant' | 'respondent'; at: string; lapsedAt: string; reason: string }[];
  /** Decisions: who asked for this version (the party's side or the tribunal) and their name. */
  generatedBy?: { seat: 'claimant' | 'respondent' | 'tribunal'; name: string };
}

export interface PhaseView {
  id: string;
  type: PhaseType;
  dateCreated: string;
  dueDate?: string;
  dateCompleted?: string;
  attachments: AttachmentView[];
}

export interface DisputeView {
  id: string;
  name: string;
  description: string;
  dateCreated: string;
  createdBy: { id: string; email: string };
  claimant: Party;
  respondent: Party;
  status: DisputeStatus;
  activePhaseId: string;
  /** Which side the caller represents in this case; `tribunal` for an arbitrator of the case. */
  side: 'claimant' | 'respondent' | 'tribunal';
  /** The institution's case number (RAT-2026-000123), once allocated. */
  caseNumber?: string;
  /** The tribunal, once a party has requested one. */
  tribunal?: TribunalView;
  /** The summary of the parties' claims the tribunal extracted, with each side's answer and the comments. */
  claimsSummary?: ClaimsSummaryView;
  /** Where the case stands and whose move it is, from the caller's seat (core case-turn.ts). */
  turn?: CaseTurn;
  /** The final outcome, once both parties accepted one AI decision version or an award was issued. */
  outcome?: CaseOutcome;
  /** Each side's counsel as awards print them: the representing account's full name (username for older accounts). */
  counsel?: { claimant?: string; respondent?: string };
  /** The arbitration agreement, the tribunal's size, challenges and new matters (tribunal/constitution.ts). */
  constitution?: ConstitutionView;
  /** The case's language (its documents' file names), when it was opened with one (i18n/file-names.ts). */
  language?: CaseLanguage;
  /** The amount in dispute in euro cents, when the claimant gave one (the fee bands need it, docs/fees.md). */
  amountInDisputeCents?: number;
  /** What is due from the caller, or awaited from the other party, before the case moves on (docs/fees.md). */
  payments?: CasePaymentView[];
  /** True when a fee schedule prices this case's steps (absent under the embedded default, which charges nothing). */
  chargesFees?: true;
  /** Once the case is finished: when its data is deleted (docs/data-lifecycle.md) and any legal hold. */
  retention?: CaseRetentionView;
}

/** One row of `GET /api/dispute`. */
export interface DisputeSummary {
  id: string;
  name: string;
  dateCreated: string;
  createdBy: { id: string; email: string };
  status: DisputeStatus;
  activePhaseType: PhaseType;
  side: 'claimant' | 'respondent' | 'tribunal';
  /** Where the case stands and whose move it is, from the caller's side (core case-turn.ts). */
  turn?: CaseTurn;
  /** The final outcome, once the case is final (core case-outcome.ts). */
  outcome?: CaseOutcome;
}

/**
 * The dashboard's sections (docs/product.md section 2): in progress (Pending and InProgress, see web case-lists.ts)
 * and resolved; the cases in progress split into the caller's turn and those waiting for others (by the
 * turn holder stored on each case, core case-turn.ts). `GET /api/dispute?limit=…` pages one section at a time.
 */
export const DISPUTE_LIST_SECTIONS = {
  inProgress: ['Pending', 'InProgress'],
  resolved: ['Resolved'],
  yourTurn: ['Pending', 'InProgress'],
  waiting: ['Pending', 'InProgress'],
} as const;
export type DisputeListSection = keyof typeof DISPUTE_LIST_SECTIONS;

/** Largest page of `GET /api/dispute?limit=…`. */
export const MAX_DISPUTE_PAGE = 200;

/** `GET /api/dispute?limit=…[&section=…][&continuation=…]`: one page, newest first. */
export interface DisputePageView {
  items: DisputeSummary[];
  /** Present when more cases follow: send it back as `continuation` for the next page. */
  continuation?: string;
  /** How many cases the list holds in all, counted by the store; on the first page. */
  total?: number;
}

/** The query of a paged `GET /api/dispute`; a client that sends none of these gets docs/product.md's whole array. */
export const disputePageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_DISPUTE_PAGE}.` })
    .int(`limit must be a whole number from 1 to ${MAX_DISPUTE_PAGE}.`)
    .min(1, `limit must be a whole number from 1 to ${MAX_DISPUTE_PAGE}.`)
    .max(MAX_DISPUTE_PAGE, `limit must be a whole number from 1 to ${MAX_DISPUTE_PAGE}.`)
    .default(50),
  section: z
    .enum(['inProgress', 'resolved', 'yourTurn', 'waiting'], {
      error: 'section must be inProgress, resolved, yourTurn or waiting.',
    })
    .optional(),
  continuation: z.string().max(2000, 'The continuation is not valid for this list.').optional(),
});

/** One row of `GET /api/dispute/activephases`: the deadline of each case's active phase. */
export interface ActivePhaseDeadline {
  disputeId: string;
  phaseId: string;
  type: PhaseType;
  dueDate?: string;
}

/** A supporting file of the Tools section (docs/product.md section 3, Work file). Private to the side that uploaded it. */
export interface WorkFileView {
  id: string;
  fileName: string;
  dateCreated: string;
  size: number;
}

/** `GET /api/dispute/{id}/phases/{phaseId}/attachment/{fileId}`: the file as base64 (docs/product.md section 3, downloaded file). */
export interface FileDownload {
  fileName: string;
  /** Base64 of the file's bytes. */
  fileContent: string;
}

/**
 * Upload rules shared by the server (which enforces them) and the web (which
 * checks first, so most mistakes are caught before any byte is sent).
 * Texts are docs/product.md section 5's.
 */
export const UPLOAD_MESSAGES = {
  onlyPdf: 'Only PDF files are allowed',
  activeContent:
    'PDF files with active content (JavaScript, automatic or launch actions, embedded files) are not accepted. Print the document to a new PDF and upload that:',
  duplicatePrefix: 'File(s) with the same name already exist:',
  duplicateInSelectionMark: '(duplicate in current selection)',
  uploadFailed: 'An error occurred while uploading files. Please try again.',
} as const;

/**
 * Ours: a file that is a PDF by name and header but that cannot be opened (cut off, corrupted) is
 * called damaged, not "not a PDF". One sentence per file, so each names its file.
 */
export function damagedPdfMessage(fileNames: readonly string[]): string {
  return fileNames.map((name) => `${name} is damaged and cannot be opened as a PDF.`).join(' ');
}

/** The multipart field that carries each file (docs/product.md section 7: "one field file per file"). */
export const UPLOAD_FIELD = 'file';

/**
 * The most file bytes one upload to a case may carry, all files together (MAX_UPLOAD_BYTES's default, 25 MB).
 * The web shows it beside the drop zones and checks a selection against it before sending.
 */
export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Longest file name kept (characters); longer names are refused with a clear message. */
export const MAX_FILE_NAME_LENGTH = 200;

/** Most files one phase (or one case's work files) may hold. */
export const MAX_FILES_PER_PHASE = 200;

/**
 * The names in `selected` that clash, either with `existing` (already in the
 * phase) or with an earlier file of the same selection. Names compare
 * case-insensitively after trimming, because a download folder on Windows or
 * macOS would treat them as one file.
 */
export function duplicateFileNames(
  existing: readonly string[],
  selected: readonly string[],
): { name: string; inSelection: boolean }[] {
  const key = (name: string) => name.trim().toLowerCase();
  const present = new Set(existing.map(key));
  const seen = new Set<string>();
  const clashes: { name: string; inSelection: boolean }[] = [];
  for (const name of selected) {
    const k = key(name);
    if (present.has(k)) clashes.push({ name, inSelection: false });
    else if (seen.has(k)) clashes.push({ name, inSelection: true });
    seen.add(k);
  }
  return clashes;
}

/** "File(s) with the same name already exist: a.pdf, b.pdf (duplicate in current selection)" */
export function duplicateFilesMessage(clashes: readonly { name: string; inSelection: boolean }[]): string {
  const names = clashes.map((clash) =>
    clash.inSelection ? `${clash.name} ${UPLOAD_MESSAGES.duplicateInSelectionMark}` : clash.name,
  );
  return `${UPLOAD_MESSAGES.duplicatePrefix} ${names.join(', ')}`;
}

/**
 * `GET /api/dispute/{id}/change-token` and `GET /api/dispute/change-token`: a short opaque token that changes
 * whenever what the case page (or the dashboard) shows changes; an open page polls it and fetches again
 * only when it differs from the one it last saw.
 */
export interface ChangeTokenView {
  token: string;
}
