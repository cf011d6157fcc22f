/** The anonymous generator's timing constants and simulated progress (SPEC.md sections 4 and 9). */

/** How often the job status is asked for while the decision is being written. */
export const STATUS_POLL_MS = 15_000;
/** Growth of the wait between status checks after each failed one. */
export const STATUS_BACKOFF_FACTOR = 1.5;
/** Most random delay added to a retry, so many browsers that lost the server at once do not return at once. */
export const STATUS_RETRY_JITTER_MS = 1_000;
/** Longest wait between status checks after failures. */
export const MAX_STATUS_RETRY_MS = 30_000;
/** Consecutive failed status checks after which the page stops asking. */
export const MAX_STATUS_FAILURES = 5;
/** How often the simulated progress is recomputed. */
export const PROGRESS_TICK_MS = 500;

/** The first stretch: 5 % to 25 % over the first 30 s. */
const FIRST_STRETCH_MS = 30_000;
const START_PERCENT = 5;
const FIRST_STRETCH_PERCENT = 25;
/** The simulated progress never claims more than this before the job has really finished. */
export const PROGRESS_CAP = 95;
/**
 * After the first stretch the bar closes in on the cap exponentially, with this time constant: a
 * third of the way every 200 s, so that after about ten minutes it stands within a few percent of
 * the cap, however long a large case then still takes.
 */
const APPROACH_TIME_CONSTANT_MS = 200_000;

export type ProgressTextKey =
  | 'progressReading'
  | 'progressAnalyzing'
  | 'progressDrafting'
  | 'progressChecking'
  | 'progressFinalizing'
  | 'progressComplete';

/** The four phases of the progress display (SPEC.md section 2), in order. */
export const GENERATION_PHASES = ['phaseStart', 'phaseProcessing', 'phaseGenerating', 'phaseFinalizing'] as const;
export type GenerationPhase = (typeof GENERATION_PHASES)[number];

export interface SimulatedProgress {
  /** Whole percent, 5 to 95 while running, 100 when done. */
  percent: number;
  textKey: ProgressTextKey;
  phase: GenerationPhase;
}

/** The status text of each band of SPEC.md section 4: below 20, 40, 60, 80, else. */
function textOf(percent: number): ProgressTextKey {
  if (percent < 20) return 'progressReading';
  if (percent < 40) return 'progressAnalyzing';
  if (percent < 60) return 'progressDrafting';
  if (percent < 80) return 'progressChecking';
  return 'progressFinalizing';
}

function phaseOf(percent: number): GenerationPhase {
  if (percent < 20) return 'phaseStart';
  if (percent < 40) return 'phaseProcessing';
  if (percent < 80) return 'phaseGenerating';
  return 'phaseFinalizing';
}

/**
 * What the progress display shows `elapsedMs` after Generate. The server reports no progress of its
 * own, so the bar follows the usual course of a decision: quickly to 25 % while the documents are
 * read, then ever slower towards 95 %, where it waits for the real end.
 */
export function simulatedProgress(elapsedMs: number): SimulatedProgress {
  const elapsed = Math.max(0, elapsedMs);
  let exact: number;
  if (elapsed <= FIRST_STRETCH_MS) {
    exact = START_PERCENT + ((FIRST_STRETCH_PERCENT - START_PERCENT) * elapsed) / FIRST_STRETCH_MS;
  } else {
    const approach = 1 - Math.exp(-(elapsed - FIRST_STRETCH_MS) / APPROACH_TIME_CONSTANT_MS);
    exact = FIRST_STRETCH_PERCENT + (PROGRESS_CAP - FIRST_STRETCH_PERCENT) * approach;
  }
  const percent = Math.min(PROGRESS_CAP, Math.round(exact));
  return { percent, textKey: textOf(percent), phase: phaseOf(percent) };
}

export const COMPLETED_PROGRESS: SimulatedProgress = {
  percent: 100,
  textKey: 'progressComplete',
  phase: 'phaseFinalizing',
};

/**
 * The wait before the next status check after `failures` consecutive failed checks: the ordinary
 * 15 s with none; after a failure 15 s × 1.5^attempt (attempt 0 for the first retry) plus up to
 * 1 s of jitter, at most 30 s. `random` is in [0, 1).
 */
export function statusCheckDelay(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return STATUS_POLL_MS;
  const backoff = STATUS_POLL_MS * STATUS_BACKOFF_FACTOR ** (failures - 1);
  return Math.min(backoff + Math.floor(random() * STATUS_RETRY_JITTER_MS), MAX_STATUS_RETRY_MS);
}
