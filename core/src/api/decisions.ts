import { z } from 'zod';
import { decisionSettingsSchema, defaultDecisionSettings } from '../decision/decision-settings.js';
import { proceedWithoutConfirmationSchema } from '../tribunal/tribunal.js';

/**
 * The decision calls (docs/product.md sections 2, 4, 7 and 8): generation on a case,
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
 * Texts of the decision pipeline's failures and notes (the job's error message and details),
 * naming the chapter by number and heading.
 */
export const DECISION_PIPELINE_MESSAGES = {
  contentFiltered: (chapter: number, heading: string) =>
    `Chapter ${chapter} ("${heading}") was withheld by the model service's content filter, so the decision ` +
    'could not be written. Review the documents of the case for content the filter may object to, or ask the ' +
    'administrator about the deployment’s content filter.',
  truncated: (chapter: number, heading: string, parts: number) =>
    `Chapter ${chapter} ("${heading}") was still cut off at the completion limit after ${parts} parts, so the ` +
    'decision was not finished. Raise MODEL_MAX_COMPLETION_TOKENS or shorten the chapter prompt.',
  continued: (chapter: number, heading: string, parts: number) =>
    `Chapter ${chapter} ("${heading}") reached the completion limit and was continued; it was written in ${parts} parts.`,
  modelRefused: (status: number | undefined, reason: string) =>
    `The language model service refused the request${status ? ` (HTTP ${status})` : ''}; sending it again ` +
    `would be refused the same way: ${reason}`,
  summaryFiltered: (code: string, pages: string) =>
    `The summary of ${code} (pages ${pages}) was withheld by the model service's content filter, so the case ` +
    'could not be condensed for the decision. Review that document for content the filter may object to.',
  summaryTruncated: (code: string, pages: string, parts: number) =>
    `The summary of ${code} (pages ${pages}) was still cut off at the completion limit after ${parts} parts.`,
  dossierResumed: 'The condensed dossier was taken from the previous attempt’s saved work and not written again.',
  dispositiveMissing:
    'The dispositive part (tuomiolauselma) could not be read as structured data from chapter 6, even after ' +
    'one correction; the tribunal must write it by hand.',
  dispositiveOffline: 'No dispositive part was produced: the offline model does not decide the case.',
  injection: (count: number, list: string) =>
    `${count} passage${count === 1 ? '' : 's'} in the documents address${count === 1 ? 'es' : ''} an AI or the ` +
    `tribunal with instructions; they were treated as evidence only and must be reviewed: ${list}.`,
  resumed: (count: number) =>
    `${count} chapter${count === 1 ? ' was' : 's were'} taken from the previous attempt's saved work and not written again.`,
} as const;

/**
 * `POST /api/dispute/{id}/generatedecision`: docs/product.md says "settings body".
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

/** generatedecision's other field: a tribunal's reason to draft although a party has not answered the summary of its claims. */
export const generateDecisionOptionsSchema = z.preprocess(
  (value) => (value && typeof value === 'object' && !Array.isArray(value) ? value : {}),
  z.object({ proceedWithoutConfirmation: proceedWithoutConfirmationSchema.optional() }),
);

/** 202 answer of generatedecision: the job and the Resolution-phase attachment that will hold the PDF. */
export interface DecisionStartedView {
  data: { jobId: string; attachmentId: string };
}

/** Answer of stopdecisiongeneration: whether a running generation was stopped (false: nothing was running). */
export interface DecisionStoppedView {
  data: { stopped: boolean; attachmentId?: string };
}

/** The anonymous generator's total upload limit (docs/product.md section 9): 20 MB. */
export const MAX_ANONYMOUS_TOTAL_BYTES = 20_971_520;

/**
 * The one size rule of an upload, used by the browser before it sends and by the
 * server while it reads: the files' own bytes added up (not the form around them),
 * at most the limit, inclusive — a single file of exactly 20,971,520 bytes fits.
 */
export function withinUploadLimit(fileBytes: number, limit: number = MAX_ANONYMOUS_TOTAL_BYTES): boolean {
  return fileBytes <= limit;
}

/** Texts of the anonymous generator (docs/product.md section 8), client and server. */
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
  /**
   * 503 with Retry-After: more jobs wait for the model than the generator queues behind (ANONYMOUS_MAX_QUEUE_AHEAD);
   * one text for a minute and one for more (core counted-refusals.ts anonymousBusyRefusal).
   */
  busyOneMinute: 'The service is busy. Try again in 1 minute.',
  busyMinutes: 'The service is busy. Try again in {{minutes}} minutes.',
  settingsNotJson: 'The settings are not valid JSON.',
} as const;
