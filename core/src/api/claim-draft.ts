import type { AiProvenance } from './ai-use.js';
import { z } from 'zod';
import { removeInvisibleCharacters } from '../text/sanitize-text.js';
import type { AttachmentView } from './disputes.js';
import { MAX_CLAIM_MARKDOWN_LENGTH, type JobStatus } from './jobs.js';

/**
 * The claim generator's draft, kept on the server per case and user: the claim job's result and
 * the user's edits to it, until the user discards it or generates a new one.
 * `GET|PUT|DELETE /api/dispute/{id}/claimdraft`, `POST /api/dispute/{id}/claimdraft/pdf` (Download PDF).
 */
export interface ClaimDraftView {
  /** The job that drafts (or drafted) it. */
  jobId?: string;
  /** The job's state while it has not delivered the text yet: Queued or Running; Failed with `errorMessage`. */
  jobStatus?: JobStatus;
  errorMessage?: string;
  /** The draft as Markdown; empty while the job runs. */
  markdown: string;
  /** When the job finished writing it (ISO). */
  generatedAt?: string;
  /** When it was last changed: generated or edited (ISO). */
  updatedAt: string;
  /** Whether the user has edited the generated text. */
  edited: boolean;
  /** Plain-language notes of the run that wrote it (citations not verified, scanned pages). */
  details?: string[];
  /** Once written: where the text came from, as its PDF's XMP says (EU AI Act Art. 50). */
  aiProvenance?: AiProvenance;
  /** The version to send back with a change (the draft's etag); a stale one is a 409 with the latest draft. */
  version: string;
  /** This very text is already filed in the Claim phase: that document. */
  filed?: ClaimDraftFiling;
}

/** The Claim-phase document a draft's text was filed as. */
export interface ClaimDraftFiling {
  attachmentId: string;
  phaseId: string;
  fileName: string;
  dateCreated: string;
}

/** `GET /api/dispute/{id}/claimdraft` answers `{ data: ClaimDraftView | null }` (null: no draft). */
export interface ClaimDraftAnswer {
  data: ClaimDraftView | null;
}

export const CLAIM_DRAFT_MESSAGES = {
  markdownTooLong: `The claim text is too long (at most ${MAX_CLAIM_MARKDOWN_LENGTH} characters).`,
  versionRequired: 'Send the version of the draft you changed (version).',
  stale: 'The draft was changed elsewhere (another tab or a new draft). The latest version is shown.',
  noDraft: 'There is no claim draft to change. Generate one first.',
  stillGenerating: 'The draft is still being written. Wait for it, or stop it first.',
  /** The answer of a second filing of unchanged text (POST /dispute/{id}/saveclaimaspdf, 200 with alreadyFiled). */
  alreadyFiled: (fileName: string) => `This draft is already filed in the Claim phase as ${fileName}.`,
} as const;

const version = z
  .string({ error: CLAIM_DRAFT_MESSAGES.versionRequired })
  .trim()
  .min(1, CLAIM_DRAFT_MESSAGES.versionRequired)
  .max(200, CLAIM_DRAFT_MESSAGES.versionRequired);

/** `PUT /api/dispute/{id}/claimdraft`: the edited text, conditional on the version it was edited from. */
export const saveClaimDraftSchema = z.object({
  markdown: z
    .string({ error: 'The claim text must be text.' })
    .overwrite(removeInvisibleCharacters)
    .max(MAX_CLAIM_MARKDOWN_LENGTH, CLAIM_DRAFT_MESSAGES.markdownTooLong),
  version,
});
export type SaveClaimDraftRequest = z.input<typeof saveClaimDraftSchema>;

/** `DELETE /api/dispute/{id}/claimdraft?version=…`: discards the draft (a running job is stopped). */
export const discardClaimDraftSchema = z.object({ version });

/** What `POST /dispute/{id}/saveclaimaspdf` answers: 201 a new filing, 200 `alreadyFiled` for unchanged text. */
export interface FiledClaimAnswer {
  data: AttachmentView;
  /** Present: the same text was filed before, nothing new was added. */
  alreadyFiled?: true;
  /** The phase the document is in, for a link to it. */
  phaseId?: string;
  warnings?: string[];
}
