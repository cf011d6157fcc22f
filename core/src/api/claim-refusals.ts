import { CLAIM_DRAFT_MESSAGES } from './claim-draft.js';
import { CLAIM_MESSAGES, CLAIM_REQUEST_MESSAGES } from './jobs.js';

/**
 * The claim generator's refusals (group `claims` of the catalogue, core refusals.ts; docs/architecture.md
 * "Errors"): the generate request and its fields, the draft's edits, saving the draft as a PDF, and a job that
 * cannot be queued or stopped here. Texts docs/product.md names ("Missing required disputeId", "Please select at
 * least one file", "Error saving claim as PDF.") are kept word for word.
 */
export const CLAIM_REFUSALS = {
  missingDisputeId: CLAIM_MESSAGES.missingDisputeId,
  selectFiles: CLAIM_MESSAGES.selectFiles,
  filesNotFound: CLAIM_MESSAGES.filesNotFound,
  fileIdInvalid: CLAIM_REQUEST_MESSAGES.fileIdInvalid,
  tooManyFiles: CLAIM_REQUEST_MESSAGES.tooManyFiles,
  settingsRequired: CLAIM_REQUEST_MESSAGES.settingsRequired,
  language: CLAIM_REQUEST_MESSAGES.language,
  caseName: CLAIM_REQUEST_MESSAGES.caseName,
  claimantInfoRequired: CLAIM_REQUEST_MESSAGES.claimantInfoRequired,
  claimantName: CLAIM_REQUEST_MESSAGES.claimantName,
  claimantContact: CLAIM_REQUEST_MESSAGES.claimantContact,
  processType: CLAIM_REQUEST_MESSAGES.processType,
  /** Saving as PDF refused while the draft holds placeholders; `placeholders` lists them (at most ten, then …). */
  placeholdersLeft: 'Fill in or remove the placeholders before saving the claim as PDF: {{placeholders}}.',
  pdfSaveFailed: CLAIM_MESSAGES.pdfSaveFailed,
  draftTooLong: CLAIM_DRAFT_MESSAGES.markdownTooLong,
  draftVersionRequired: CLAIM_DRAFT_MESSAGES.versionRequired,
  draftStale: CLAIM_DRAFT_MESSAGES.stale,
  noDraft: CLAIM_DRAFT_MESSAGES.noDraft,
  draftStillGenerating: CLAIM_DRAFT_MESSAGES.stillGenerating,
  /** A job (claim, decision, summary) that could not be queued: 503, the same request may pass later. */
  generationUnavailable: 'The generation service is not available right now. Please try again.',
  /** POST /dispute/job/{id}/stop for a case's decision or summary, which has its own stop on the case page. */
  stopDecisionOnCase:
    'A decision is stopped with Stop Generating on the case page, which also records the stop on the case.',
} as const;
