import { caseFileStem, formatIsoDate, type CaseLanguage } from '@ratkaisu/core';

/**
 * The claim job's timing constants (docs/product.md sections 4 and 9). The progress is the server's own
 * (ui/job-progress), so nothing here simulates it; docs/product.md's 15 s interval is the one poller's ceiling.
 */

/** The longest wait between status checks while the draft is being written (the poller starts faster). */
export const STATUS_POLL_MS = 15_000;
/** Longest wait between status checks after failures. */
export const MAX_STATUS_RETRY_MS = 60_000;
/** Consecutive failed status checks after which the generator gives up. */
export const MAX_STATUS_FAILURES = 5;
/**
 * The wait before the next status check after `failures` consecutive failed checks: 15 s × 2^n,
 * capped at 60 s. With no failures this is the ordinary 15 s polling interval.
 */
export function statusCheckDelay(failures: number): number {
  return Math.min(STATUS_POLL_MS * 2 ** failures, MAX_STATUS_RETRY_MS);
}

/**
 * The name a downloaded draft gets: `Claim_YYYY-MM-DD.md` (`Kanne_YYYY-MM-DD.md` in a Finnish case), dated as in
 * Helsinki, where the service works.
 */
export function claimMarkdownFileName(now: Date = new Date(), language?: CaseLanguage): string {
  return `${caseFileStem('claim', language)}_${formatIsoDate(now)}.md`;
}
