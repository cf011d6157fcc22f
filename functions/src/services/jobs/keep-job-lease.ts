import type { JobProgress } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { JOB_LEASE_MS, withoutEtag, type JobDocument } from './job-document.js';
import { JOB_STOPPED_MESSAGE } from './start-job-run.js';

/** A progress report is written at once at most this often; the lease's renewal writes the latest anyway. */
const PROGRESS_WRITE_MS = 2_000;

/** How often a running job looks for a stop request. */
const CANCEL_POLL_MS = 2_000;

export interface Lease {
  /** Aborts when the worker stops, the lease is lost, or a stop was requested. */
  signal: AbortSignal;
  /** Stops renewing; answers the job as last written by this run. */
  stop(): Promise<Stored<JobDocument>>;
  /** Keeps the run's latest progress for the next renewal to write. */
  report(progress: JobProgress): void;
  readonly lost: boolean;
  readonly cancelled: boolean;
}

/**
 * Renews the job's lease every third of its length while the work runs, as
 * the queue renews its message lock. A renewal that finds the job changed by
 * someone else looks at it: a stop request (`cancelRequested`) aborts the
 * work; a job taken over by another run (its lease ran out while this one
 * stalled) aborts it too and marks this run lost.
 */
export function keepLease(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  job: Stored<JobDocument>,
  outer: AbortSignal,
): Lease {
  const jobs = deps.store.collection<JobDocument>('jobs');
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outer.reason);
  if (outer.aborted) onOuterAbort();
  else outer.addEventListener('abort', onOuterAbort, { once: true });

  let current = job;
  let lost = false;
  let cancelled = false;
  let renewing: Promise<void> | undefined;
  let progress: JobProgress | undefined;
  let progressWrittenAt = 0;

  const renew = async () => {
    const leaseUntil = new Date(deps.clock.now().getTime() + JOB_LEASE_MS).toISOString();
    const first = current;
    try {
      const result = await changeRecord(
        jobs,
        { pk: job.id, id: job.id },
        (now) => {
          // Someone else wrote the job: taken over by another run, or asked to stop.
          if (now !== first && (now.status !== 'Running' || now.attempts !== job.attempts)) lost = true;
          else if (now !== first && now.cancelRequested) cancelled = true;
          if (lost || cancelled) return undefined;
          // This run's progress only: an earlier run's (a retry) is dropped.
          const { progress: _earlier, ...rest } = withoutEtag(now);
          return { ...rest, leaseUntil, ...(progress ? { progress } : {}) };
        },
        { first },
      );
      if (result.outcome === 'missing') lost = true;
      else current = result.record;
    } catch (error) {
      deps.log.warn('Renewing a job lease failed; trying again at the next renewal', { jobId: job.id, error });
      return;
    }
    if (lost) controller.abort(new Error('The job was taken over by another run.'));
    else if (cancelled) controller.abort(new Error(JOB_STOPPED_MESSAGE));
  };
  // A report is written at once unless one was written in the last seconds; then a moment later, so the page
  // polling every second or two sees each stage (chapter 3 of 7) without a write per OCR page.
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const writeProgress = () => {
    if (controller.signal.aborted || trailing) return;
    const wait = progressWrittenAt + PROGRESS_WRITE_MS - Date.now();
    if (renewing || wait > 0) {
      trailing = setTimeout(
        () => {
          trailing = undefined;
          writeProgress();
        },
        Math.max(wait, 200),
      );
      trailing.unref();
      return;
    }
    progressWrittenAt = Date.now();
    renewing = renew().finally(() => {
      renewing = undefined;
    });
  };
  const timer = setInterval(
    () => {
      if (renewing || controller.signal.aborted) return;
      renewing = renew().finally(() => {
        renewing = undefined;
      });
    },
    Math.floor(JOB_LEASE_MS / 3),
  );
  timer.unref();
  // Stop Generating must take effect within seconds, not at the next renewal: a point read every few seconds.
  let watching: Promise<void> | undefined;
  const watch = setInterval(() => {
    if (watching || renewing || controller.signal.aborted) return;
    watching = jobs
      .read(job.id, job.id)
      .then((now) => {
        if (now?.cancelRequested && !controller.signal.aborted) {
          cancelled = true;
          controller.abort(new Error(JOB_STOPPED_MESSAGE));
        }
      })
      .catch((error: unknown) => deps.log.warn('Looking for a stop request failed', { jobId: job.id, error }))
      .finally(() => {
        watching = undefined;
      });
  }, CANCEL_POLL_MS);
  watch.unref();

  return {
    signal: controller.signal,
    get lost() {
      return lost;
    },
    get cancelled() {
      return cancelled;
    },
    report(next) {
      progress = next;
      writeProgress();
    },
    async stop() {
      clearInterval(timer);
      clearInterval(watch);
      clearTimeout(trailing);
      outer.removeEventListener('abort', onOuterAbort);
      await renewing;
      await watching;
      return current;
    },
  };
}
