import { z } from 'zod';
import type { CaseOutcome } from '../disputes/case-outcome.js';

/**
 * The EU AI Act's duties on Ratkaisu's AI text (docs/ai-act/): the machine-readable marking
 * (Art. 50), the logs (Arts. 12, 19, 26(6)), the oversight figures (Arts. 9, 14) and problem reports.
 */

/** Logs of AI use are kept at least this long (Art. 19(1), Art. 26(6): "at least six months"); a tenant may keep them longer. */
export const AI_LOG_RETENTION_MIN_MONTHS = 6;
export const AI_LOG_RETENTION_MAX_MONTHS = 120;

/** The IPTC digital source type of a text (https://cv.iptc.org/newscodes/digitalsourcetype/). */
export type AiSourceType =
  'trainedAlgorithmicMedia' | 'compositeWithTrainedAlgorithmicMedia' | 'algorithmicMedia' | 'compositeSynthetic';

/** What the PDF's XMP says about its AI text, in the API's JSON: the same fields. */
export interface AiProvenance {
  aiGenerated: true;
  sourceType: AiSourceType;
  /** The IPTC vocabulary's URI of `sourceType`. */
  digitalSourceType: string;
  documentKind: string;
  model: string;
  deployment?: string;
  generatedAt: string;
  aiChapters: string[];
  editedChapters: string[];
  reviewed: boolean;
  reviewedBy: string[];
}

/** Which AI output a problem report is about. */
export const AI_OUTPUTS = ['aiDecision', 'award', 'claimDraft', 'anonymousDecision'] as const;
export type AiOutput = (typeof AI_OUTPUTS)[number];

export const AI_PROBLEM_KINDS = ['fact', 'law', 'reference', 'bias', 'language', 'other'] as const;
export type AiProblemKind = (typeof AI_PROBLEM_KINDS)[number];

export const AI_USE_MESSAGES = {
  describeProblem: 'Describe the problem in at least 10 characters.',
  outputNotFound: 'The AI output this report names was not found.',
  retentionTooShort: `AI-use logs must be kept for at least ${AI_LOG_RETENTION_MIN_MONTHS} months.`,
  retentionTooLong: `AI-use logs can be kept for at most ${AI_LOG_RETENTION_MAX_MONTHS} months.`,
  monthInvalid: 'The month must be given as YYYY-MM.',
} as const;

/** `POST /api/ai/problem-reports`: a party, an arbitrator or a visitor of the public generator reports a problem. */
export const reportAiProblemSchema = z
  .object({
    output: z.enum(AI_OUTPUTS),
    /** The case (not for the public generator). */
    disputeId: z.string().min(1).max(100).optional(),
    /** The decision's id, the claim draft's case, or the public generator's job id. */
    outputId: z.string().min(1).max(100),
    kind: z.enum(AI_PROBLEM_KINDS),
    /** Where in the output: a chapter, a page, a paragraph. */
    location: z.string().trim().max(200).default(''),
    description: z.string().trim().min(10, AI_USE_MESSAGES.describeProblem).max(4000),
  })
  .strict();
export type ReportAiProblemInput = z.input<typeof reportAiProblemSchema>;

export interface AiProblemReportView {
  id: string;
  reportedAt: string;
  output: AiOutput;
  outputId: string;
  disputeId?: string;
  /** The case's number and, once it is final, its outcome (the admin screens show a final outcome). */
  caseNumber?: string;
  outcome?: CaseOutcome;
  kind: AiProblemKind;
  location: string;
  description: string;
  reporter: { role: 'claimant' | 'respondent' | 'tribunal' | 'public'; email?: string };
}

/** `PUT /api/superadmin/tenants/{id}/ai-log-retention` */
export const aiLogRetentionSchema = z
  .object({
    months: z
      .number()
      .int()
      .min(AI_LOG_RETENTION_MIN_MONTHS, AI_USE_MESSAGES.retentionTooShort)
      .max(AI_LOG_RETENTION_MAX_MONTHS, AI_USE_MESSAGES.retentionTooLong),
  })
  .strict();

/** `GET /api/superadmin/ai-oversight?tenantId=&month=YYYY-MM`: one tenant's AI use in one month, from stored records. */
export interface AiOversightView {
  tenantId: string;
  tenantName: string;
  month: string;
  retentionMonths: number;
  /** Generations: claim drafts, decisions (AI decisions and tribunal drafts), chapters written again. */
  aiUses: { total: number; claimDrafts: number; decisions: number; chapterRegenerations: number };
  references: { checked: number; flagged: number; flaggedPer100: number | null };
  chapters: { generated: number; regenerated: number };
  /** Of the awards adopted this month: the average share (0–100) of the AI's reasons the tribunal changed. */
  tribunalChanges: { awardsAdopted: number; averageChangedPercent: number | null };
  /** AI decisions both parties accepted, and cases where a party asked for a tribunal instead. */
  outcomes: { aiDecisions: number; acceptedByBoth: number; tribunalRequests: number };
  problemReports: AiProblemReportView[];
}

/** One logged AI use or human action on AI output, as the authority export lists it. */
export interface AiLogEntry {
  at: string;
  action: string;
  actor: string;
  event: string;
  details: string;
  use?: Record<string, unknown>;
  seq?: number;
  hash?: string;
}

/** `GET /api/superadmin/ai-log/{disputeId}` (JSON; `?format=pdf` the readable PDF). */
export interface AiLogExport {
  exportedAt: string;
  dispute: { id: string; caseNumber?: string; name: string; tenantId: string };
  retentionMonths: number;
  /** The chain's state when exported, so the authority can check the entries belong to an unbroken chain. */
  chain: { id: string; headSeq: number; headHash: string; prunedThroughSeq: number };
  entries: AiLogEntry[];
}
