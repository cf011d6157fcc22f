import { z } from 'zod';
import { decisionSettingsSchema, defaultDecisionSettings } from '../decision/decision-settings.js';

/**
 * The decision calls (SPEC.md sections 2, 4, 7 and 8): generation on a case,
 * Stop Generating, and the public anonymous generator.
 */
export const DECISION_STATUSES = ['Generating', 'Completed', 'Failed'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

/** Texts of the decision card and of the server's decision answers. */
export const DECISION_MESSAGES = {
  notCreated: 'Decision not created yet.',
  generating: 'Generating decision...',
  failed: 'Decision generation failed',
  noResolutionPhase: 'A decision can be created once the case has reached the Resolution phase.',
  alreadyGenerating: 'A decision is already being generated for this case.',
  notGenerating: 'No decision is being generated for this case.',
  stopped: 'Generation was stopped.',
  participantsOnly: 'Only the parties of the case can generate its decision.',
} as const;

/**
 * `POST /api/dispute/{id}/generatedecision`: SPEC.md says "settings body".
 * Both `{ settings: {...} }` and the settings object itself are accepted; what
 * is left out (or an empty body) takes the default, so a client that sends
 * only a temperature still gets the default prompts.
 */
export const generateDecisionSchema = z.preprocess((value) => {
  const settings =
    value && typeof value === 'object' && 'settings' in value ? (value as { settings: unknown }).settings : value;
  if (settings === undefined || settings === null) return defaultDecisionSettings();
  if (typeof settings !== 'object' || Array.isArray(settings)) return settings;
  return { ...defaultDecisionSettings(), ...settings };
}, decisionSettingsSchema);

/** 202 answer of generatedecision: the job and the Resolution-phase attachment that will hold the PDF. */
export interface DecisionStartedView {
  data: { jobId: string; attachmentId: string };
}

/** Answer of stopdecisiongeneration: whether a running generation was stopped (false: nothing was running). */
export interface DecisionStoppedView {
  data: { stopped: boolean; attachmentId?: string };
}

/** The anonymous generator's total upload limit (SPEC.md section 9): 20 MB. */
export const MAX_ANONYMOUS_TOTAL_BYTES = 20_971_520;

/**
 * The one size rule of an upload, used by the browser before it sends and by the
 * server while it reads: the files' own bytes added up (not the form around them),
 * at most the limit, inclusive — a single file of exactly 20,971,520 bytes fits.
 */
export function withinUploadLimit(fileBytes: number, limit: number = MAX_ANONYMOUS_TOTAL_BYTES): boolean {
  return fileBytes <= limit;
}

/** Texts of the anonymous generator (SPEC.md section 8), client and server. */
export const ANONYMOUS_DECISION_MESSAGES = {
  /** The server's 413 text; the client replaces it with `tooLargeClient`. */
  tooLarge: 'The total size of the documents exceeds 20MB.',
  tooLargeClient: 'Total document size cannot exceed 20MB. Please reduce the size or number of your documents.',
  generic: 'Error generating decision',
  noJobId: 'No job ID received from server',
  failedOrDeleted: 'The job failed/deleted. Please try again.',
  downloadFailed: 'Error downloading result',
  connectionLost: 'Connection lost. The process may still be running. Please check status later.',
  noFiles: 'Please select at least one PDF file.',
  rateLimited: 'Too many decisions have been requested from this address. Please try again later.',
} as const;
