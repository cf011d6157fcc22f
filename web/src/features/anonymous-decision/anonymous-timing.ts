import type { JobStatusView } from '@ratkaisu/core';

/**
 * The anonymous generator's timing constants (docs/product.md sections 4 and 9): the 15 s interval is the one
 * poller's ceiling here, and the back-off after failed checks is this page's own.
 */

/** The longest wait between status checks while the decision is being written (the poller starts faster). */
export const STATUS_POLL_MS = 15_000;
/** Growth of the wait between status checks after each failed one. */
export const STATUS_BACKOFF_FACTOR = 1.5;
/** Most random delay added to a retry, so many browsers that lost the server at once do not return at once. */
export const STATUS_RETRY_JITTER_MS = 1_000;
/** Longest wait between status checks after failures. */
export const MAX_STATUS_RETRY_MS = 30_000;
/** Consecutive failed status checks after which the page stops asking. */
export const MAX_STATUS_FAILURES = 5;
/** The four phases of the progress display (docs/product.md section 2), in order. */
export const GENERATION_PHASES = ['phaseStart', 'phaseProcessing', 'phaseGenerating', 'phaseFinalizing'] as const;
export type GenerationPhase = (typeof GENERATION_PHASES)[number];

/**
 * The phase of the four a job is in, from what the server reports (no simulated progress):
 * Start while the files are sent and the job waits, Processing while text is read (OCR included),
 * Generating while the model writes, Finalizing while citations are checked and the PDF is rendered.
 */
export function phaseOfStatus(status: JobStatusView | null, uploading: boolean): GenerationPhase {
  if (uploading || !status || status.status === 'Queued') return 'phaseStart';
  if (status.status === 'Completed') return 'phaseFinalizing';
  switch (status.progress?.stage) {
    case 'extracting':
    case 'ocr':
      return 'phaseProcessing';
    case 'drafting':
      return 'phaseGenerating';
    case 'citations':
    case 'rendering':
      return 'phaseFinalizing';
    default:
      return 'phaseStart';
  }
}

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
