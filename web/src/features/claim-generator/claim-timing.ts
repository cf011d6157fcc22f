/** The claim job's timing constants and simulated progress (SPEC.md sections 4 and 9). */

/** How often the job status is asked for while the draft is being written. */
export const STATUS_POLL_MS = 15_000;
/** Longest wait between status checks after failures. */
export const MAX_STATUS_RETRY_MS = 60_000;
/** Consecutive failed status checks after which the generator gives up. */
export const MAX_STATUS_FAILURES = 5;
/** How often the simulated progress is recomputed. */
export const PROGRESS_TICK_MS = 500;
/** After this the simulated progress stays where it is until the job ends. */
export const PROGRESS_FREEZE_MS = 180_000;
/** The simulated progress never claims more than this before the job has really finished. */
export const PROGRESS_CAP = 95;
/** Shown from the start until the first band, so the bar is visibly alive. */
export const PROGRESS_START = 5;

export type ProgressTextKey =
  | 'progressStarting'
  | 'progressAnalyzing'
  | 'progressDrafting'
  | 'progressFinalizing'
  | 'progressPreparing'
  | 'progressComplete';

export interface SimulatedProgress {
  percent: number;
  textKey: ProgressTextKey;
}

/** The bands of SPEC.md section 4, latest first. */
const BANDS: readonly { fromMs: number; percent: number; textKey: ProgressTextKey }[] = [
  { fromMs: 170_000, percent: 95, textKey: 'progressPreparing' },
  { fromMs: 150_000, percent: 75, textKey: 'progressFinalizing' },
  { fromMs: 90_000, percent: 50, textKey: 'progressDrafting' },
  { fromMs: 30_000, percent: 25, textKey: 'progressAnalyzing' },
];

/**
 * What the progress display shows `elapsedMs` after Generate: the server reports no progress of its
 * own, so the bar follows the typical time of a claim draft and waits at 95 % for the real end.
 */
export function simulatedProgress(elapsedMs: number): SimulatedProgress {
  const band = BANDS.find((candidate) => elapsedMs >= candidate.fromMs);
  if (!band) return { percent: PROGRESS_START, textKey: 'progressStarting' };
  return { percent: Math.min(band.percent, PROGRESS_CAP), textKey: band.textKey };
}

export const COMPLETED_PROGRESS: SimulatedProgress = { percent: 100, textKey: 'progressComplete' };

/**
 * The wait before the next status check after `failures` consecutive failed checks: 15 s × 2^n,
 * capped at 60 s. With no failures this is the ordinary 15 s polling interval.
 */
export function statusCheckDelay(failures: number): number {
  return Math.min(STATUS_POLL_MS * 2 ** failures, MAX_STATUS_RETRY_MS);
}

/** The name a downloaded draft gets: `Claim_YYYY-MM-DD.md`, dated as in Helsinki, where the service works. */
export function claimMarkdownFileName(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Helsinki',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `Claim_${part('year')}-${part('month')}-${part('day')}.md`;
}
