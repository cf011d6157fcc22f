import { useEffect, useRef } from 'react';
import { failureDelay } from '../job-progress/job-poll-timing';

/**
 * Live pages: how an open page learns that its data changed elsewhere — the other party sent,
 * accepted or uploaded; the tribunal issued. The page polls a cheap change token (GET
 * /api/dispute/{id}/change-token, /api/dispute/change-token) and calls `onChange` only when the token
 * differs from the one it saw last; `onChange` fetches the page's data again, quietly.
 *
 * Polling, not Server-Sent Events: the Functions host (consumption plan) holds no long-lived connections
 * well, and a token costs the server two reads. The waits grow while nothing changes — 3, 5, 8, then every
 * 10 s — so a change shows within 15 s at the latest, and start again at 3 s after a change. A hidden tab
 * asks nothing; showing it again asks at once. A failed ask waits longer (doubling from 2 s, at most 30 s).
 */
export const CHANGE_WATCH_STEPS_MS = [3_000, 5_000, 8_000, 10_000] as const;

export function changeWatchDelay(unchangedChecks: number): number {
  return CHANGE_WATCH_STEPS_MS[Math.min(unchangedChecks, CHANGE_WATCH_STEPS_MS.length - 1)]!;
}

export function useChangeWatch(
  fetchToken: ((signal: AbortSignal) => Promise<{ token: string }>) | undefined,
  onChange: () => void | Promise<void>,
): void {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!fetchToken) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let seen: string | undefined;
    let unchanged = 0;
    let failures = 0;
    let asking = false;

    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void check(), ms);
    };
    const check = async () => {
      if (controller.signal.aborted || asking) return;
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      asking = true;
      try {
        const { token } = await fetchToken(controller.signal);
        if (controller.signal.aborted) return;
        failures = 0;
        if (seen === undefined) {
          seen = token;
        } else if (token !== seen) {
          unchanged = 0;
          seen = token;
          await onChangeRef.current();
        } else {
          unchanged += 1;
        }
        schedule(changeWatchDelay(unchanged));
      } catch {
        if (controller.signal.aborted) return;
        failures += 1;
        schedule(failureDelay(failures, { maxMs: 30_000 }));
      } finally {
        asking = false;
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };

    // The page has just loaded its data: the first token is the baseline.
    void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [fetchToken]);
}
