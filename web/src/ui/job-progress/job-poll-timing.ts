/**
 * The one job poller's timing: the first status within a second of starting, then ever longer
 * waits — 1, 1, 2, 2, 3, 3, 5 s — up to a ceiling each feature sets (the claim generator's and the
 * anonymous page's docs/product.md constant of 15 s, the case page's 30 s), so a job that ends in a second shows
 * it at once and a job of minutes costs a request every few seconds.
 */

/** The first status check after a job is started or picked up again. */
export const FIRST_POLL_MS = 500;

/** The waits after each answered check, in order; the last repeats. */
export const POLL_STEPS_MS = [1_000, 1_000, 2_000, 2_000, 3_000, 3_000, 5_000] as const;

/** The wait before check `checks` (0 = the first), at most `ceilingMs`. */
export function pollDelay(checks: number, ceilingMs: number): number {
  if (checks <= 0) return Math.min(FIRST_POLL_MS, ceilingMs);
  const step = POLL_STEPS_MS[Math.min(checks - 1, POLL_STEPS_MS.length - 1)]!;
  return Math.min(step, ceilingMs);
}

/** After failed checks: doubling from 2 s, with up to `jitterMs` at random, at most `maxMs`. */
export function failureDelay(
  failures: number,
  options: { maxMs: number; jitterMs?: number; random?: () => number },
): number {
  const base = 2_000 * 2 ** Math.max(0, failures - 1);
  const jitter = Math.floor((options.random ?? Math.random)() * (options.jitterMs ?? 0));
  return Math.min(base + jitter, options.maxMs);
}
