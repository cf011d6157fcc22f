import { setTimeout as sleep } from 'node:timers/promises';

/** Time as the services see it; tests substitute a clock they can move. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The one abortable wait of the server: waits `ms`, or less when `signal` aborts (at once when it already
 * has). Answers true when the whole time passed, false when the wait was cut short. Real time, as the
 * queue's and the model's pauses are (the movable clock of the tests moves dates, not timers).
 */
export async function waitUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return false;
  try {
    await sleep(Math.max(0, ms), undefined, signal ? { signal } : {});
    return true;
  } catch (error) {
    if (signal?.aborted) return false;
    throw error;
  }
}
