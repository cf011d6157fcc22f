import type { JobStatusView } from '@ratkaisu/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureDelay, pollDelay } from './job-poll-timing';

export type JobEnd = Extract<JobStatusView['status'], 'Completed' | 'Failed' | 'Deleted'>;

export interface JobPollerOptions {
  /** The job to follow; null follows nothing (and stops following the one before). */
  jobId: string | null;
  fetchStatus: (jobId: string, signal: AbortSignal) => Promise<JobStatusView>;
  /** Longest wait between two checks while the job runs (the feature's docs/product.md interval). */
  ceilingMs: number;
  /** Longest wait after failed checks. */
  maxFailureDelayMs?: number;
  /** Random delay added to a retry, so many pages that lost the server at once do not return at once. */
  jitterMs?: number;
  /** The wait after `failures` consecutive failed checks, when the feature's spec sets its own back-off. */
  retryDelay?: (failures: number) => number;
  /** Consecutive failed checks after which the poller gives up (onGiveUp). */
  maxFailures?: number;
  /** The job ended: Completed, Failed or Deleted, with its last status. */
  onEnd?: (status: JobStatusView) => void;
  /** A check failed in a way asking again will not mend (`fatal` answers true), or too many failed in a row. */
  onGiveUp?: (error: unknown) => void;
  /** An error that ends the polling at once (e.g. a 404: the job is gone). */
  fatal?: (error: unknown) => boolean;
}

export interface JobPoller {
  /** The job's last reported status (null before the first answer). */
  status: JobStatusView | null;
  /** Stops following the job (Cancel): no further request, the one in flight aborted. */
  stop: () => void;
}

/**
 * The one job poller: follows `jobId`'s status — the first check within a second, then backing
 * off (pollDelay) up to `ceilingMs` — until the job ends, the component unmounts, `jobId` changes or
 * `stop()` is called; each of those aborts the request in flight, so no answer lands after it.
 */
export function useJobPoller(options: JobPollerOptions): JobPoller {
  const { jobId } = options;
  const [status, setStatus] = useState<JobStatusView | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    setStatus(null);
    if (!jobId) return;
    const run = new AbortController();
    controller.current = run;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checks = 0;
    let failures = 0;

    const schedule = (delay: number) => {
      timer = setTimeout(() => void check(), delay);
    };
    const check = async () => {
      if (run.signal.aborted) return;
      const { fetchStatus, ceilingMs } = latest.current;
      let answer: JobStatusView;
      try {
        answer = await fetchStatus(jobId, run.signal);
      } catch (error) {
        if (run.signal.aborted) return;
        const { fatal, maxFailures = 5, maxFailureDelayMs = 30_000, jitterMs = 0, retryDelay } = latest.current;
        failures += 1;
        if (fatal?.(error) || failures >= maxFailures) {
          run.abort();
          latest.current.onGiveUp?.(error);
          return;
        }
        schedule(
          retryDelay
            ? retryDelay(failures)
            : failureDelay(failures, { maxMs: Math.max(maxFailureDelayMs, ceilingMs), jitterMs }),
        );
        return;
      }
      if (run.signal.aborted) return;
      failures = 0;
      checks += 1;
      setStatus(answer);
      if (answer.status === 'Completed' || answer.status === 'Failed' || answer.status === 'Deleted') {
        run.abort();
        latest.current.onEnd?.(answer);
        return;
      }
      schedule(pollDelay(checks, ceilingMs));
    };
    schedule(pollDelay(0, latest.current.ceilingMs));

    return () => {
      clearTimeout(timer);
      run.abort();
      if (controller.current === run) controller.current = null;
    };
  }, [jobId]);

  const stop = useCallback(() => {
    controller.current?.abort();
  }, []);

  return { status, stop };
}
