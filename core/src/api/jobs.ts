import { z } from 'zod';
import { removeInvisibleCharacters } from '../text/sanitize-text.js';
import type { AiProvenance } from './ai-use.js';

/**
 * Generation jobs (docs/product.md sections 3, 4 and 7): the claim draft now, the
 * decision and the anonymous generator later. A job is a durable record; the
 * client polls its status and then fetches its result.
 */
export const JOB_STATUSES = ['Queued', 'Running', 'Completed', 'Failed', 'Deleted'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_KINDS = ['claim', 'decision', 'anonymous-decision', 'claims-summary', 'data-export'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** `GET /api/dispute/job/{id}/status` */
export interface JobStatusView {
  jobId: string;
  status: JobStatus;
  errorMessage?: string;
  /** Plain-language notes about the run (e.g. scanned pages skipped, parameters the model rejected). */
  details?: string[];
  /** While Running: the stage the server is in, with a count where it can count (chapter n of 7, scanned page n of m). */
  progress?: JobProgress;
  /** While Queued behind the model's token budget, or Running but waiting for model capacity: its place and wait. */
  queue?: JobQueueView;
  /** Seconds the rest of the run is expected to take, from measured durations of earlier runs (absent when unknown). */
  estimateSeconds?: number;
  /**
   * Once Completed, a job whose result is AI text (the claim generator's draft, the public generator's
   * proposal): the same Art. 50 provenance as the PDF's XMP and the other AI JSON.
   */
  aiProvenance?: AiProvenance;
}

/**
 * What a running job reports, so that the page shows the real stage instead of a simulated creep:
 * - `extracting`: reading the documents' text layer;
 * - `ocr`: `done` of `total` scanned pages of `fileName` read by OCR so far;
 * - `drafting`: the model writes; for a decision `done` of `total` chapters are written;
 * - `citations`: checking references against the documents and the statutes;
 * - `rendering`: producing the PDF.
 */
export type JobProgress =
  | { stage: 'ocr'; done: number; total: number; fileName: string }
  | { stage: 'extracting' }
  | { stage: 'drafting'; done?: number; total?: number }
  | { stage: 'citations' }
  | { stage: 'rendering' };
export type JobStage = JobProgress['stage'];

/**
 * A job's place behind the model's shared token budget (1 = next to start): a Queued job waiting to be
 * admitted, or (`capacity`) a Running job whose next model call waits for room in the deployment's window.
 */
export interface JobQueueView {
  position: number;
  /** Seconds until the job (or its next call) is expected to start. */
  etaSeconds: number;
  /** A running job waiting for model capacity rather than writing. */
  capacity?: boolean;
}

/** `POST /api/dispute/{id}/generateclaim` answers `{ data: { jobId } }`. */
export interface JobCreatedView {
  data: { jobId: string };
}

/** Texts of docs/product.md sections 5 and 8 that the server and the claim generator share. */
export const CLAIM_MESSAGES = {
  missingDisputeId: 'Missing required disputeId',
  selectFiles: 'Please select at least one file',
  filesNotFound: 'Selected files could not be found.',
  noJobId: 'No job ID received from server.',
  failed: 'The claim application generation failed.',
  generated: 'Claim application has been generated successfully!',
  savedAsPdf: 'The claim application has been successfully saved as PDF in the Claim phase',
  pdfSaveFailed: 'Error saving claim as PDF.',
  /** A warning with a saved claim PDF: a statute or precedent reference the citation check could not verify (reason in Finnish). */
  unverifiedReference: (reference: string, reason: string) => `Check ${reference} before filing the claim: ${reason}`,
} as const;

/** Most documents one claim draft may draw on. */
export const MAX_CLAIM_FILES = 50;

/** What a claim request that does not follow docs/product.md section 3 is told, field by field. */
export const CLAIM_REQUEST_MESSAGES = {
  fileIdInvalid: 'Each selected file must be given by its id.',
  tooManyFiles: `At most ${MAX_CLAIM_FILES} files can be used for one claim application.`,
  settingsRequired: 'The claim settings are missing: send settings with language "fi".',
  language: 'The claim language must be "fi" (Finnish).',
  caseName: 'The case name must be text of at most 300 characters.',
  claimantInfoRequired: 'The claimant information is missing: send claimant_info with name and contact_info.',
  claimantName: "The claimant's name must be text of at most 300 characters.",
  claimantContact: "The claimant's contact information must be text of at most 1000 characters.",
  processType: 'The process type must be "claim".',
} as const;

/** The claim generation request body (docs/product.md section 3); every refusal names its field in words. */
export const claimGenerationSchema = z.object({
  fileIds: z
    .array(
      z
        .string({ error: CLAIM_REQUEST_MESSAGES.fileIdInvalid })
        .trim()
        .min(1, CLAIM_REQUEST_MESSAGES.fileIdInvalid)
        .max(100, CLAIM_REQUEST_MESSAGES.fileIdInvalid),
      {
        error: CLAIM_MESSAGES.selectFiles,
      },
    )
    .min(1, CLAIM_MESSAGES.selectFiles)
    .max(MAX_CLAIM_FILES, CLAIM_REQUEST_MESSAGES.tooManyFiles),
  settings: z.object(
    { language: z.literal('fi', { error: CLAIM_REQUEST_MESSAGES.language }) },
    { error: CLAIM_REQUEST_MESSAGES.settingsRequired },
  ),
  case_name: z
    .string({ error: CLAIM_REQUEST_MESSAGES.caseName })
    .overwrite(removeInvisibleCharacters)
    .trim()
    .max(300, CLAIM_REQUEST_MESSAGES.caseName)
    .default('Dispute'),
  claimant_info: z.object(
    {
      name: z
        .string({ error: CLAIM_REQUEST_MESSAGES.claimantName })
        .overwrite(removeInvisibleCharacters)
        .trim()
        .max(300, CLAIM_REQUEST_MESSAGES.claimantName)
        .default(''),
      contact_info: z
        .string({ error: CLAIM_REQUEST_MESSAGES.claimantContact })
        .overwrite(removeInvisibleCharacters)
        .trim()
        .max(1000, CLAIM_REQUEST_MESSAGES.claimantContact)
        .default(''),
    },
    { error: CLAIM_REQUEST_MESSAGES.claimantInfoRequired },
  ),
  process_type: z.literal('claim', { error: CLAIM_REQUEST_MESSAGES.processType }),
});
export type ClaimGenerationRequest = z.input<typeof claimGenerationSchema>;

/** Longest markdown accepted by `POST /dispute/{id}/saveclaimaspdf` (characters). */
export const MAX_CLAIM_MARKDOWN_LENGTH = 200_000;

export const saveClaimAsPdfSchema = z.object({
  markdownContent: z
    .string()
    .overwrite(removeInvisibleCharacters)
    .max(MAX_CLAIM_MARKDOWN_LENGTH, `The claim text is too long (at most ${MAX_CLAIM_MARKDOWN_LENGTH} characters).`)
    .refine((text) => text.trim().length > 0, 'The claim text is empty.'),
});
export type SaveClaimAsPdfRequest = z.input<typeof saveClaimAsPdfSchema>;
