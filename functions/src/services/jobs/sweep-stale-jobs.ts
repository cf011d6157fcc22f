import type { Deps } from '../../deps.js';
import { StoreConflictError, StoreNotFoundError, type Stored } from '../../ports/store.js';
import { MAX_JOB_ATTEMPTS, withoutEtag, type JobDocument } from './job-document.js';
import { interruptedMessage, neverStartedMessage } from './job-messages.js';
import { JOB_QUEUES } from '../../records/job-queues.js';
import { reflectFailedJob } from './reflect-failed-job.js';
import { JOB_STOPPED_MESSAGE } from './start-job-run.js';

/**
 * How long a Running job's lease must have been over before the sweep touches
 * it. Normally the queue redelivers a dead worker's message as soon as its
 * lock runs out (a minute) and startJobRun takes the job over; the sweep is
 * only the backstop for a message that never came back. It is longer than the
 * Service Bus duplicate-detection window (10 minutes, infra/modules/servicebus.bicep),
 * because a message sent again within that window under the same id would be dropped.
 */
export const STALE_LEASE_MS = 15 * 60_000;

/**
 * How long a job may stay Queued without any change before it is failed. A
 * queue several hours behind is an outage, and a user polling a job that will
 * never start is better told so than left waiting.
 */
export const QUEUED_TIMEOUT_MS = 6 * 60 * 60_000;

/** At most this many jobs per sweep, so one run stays short; the rest wait for the next. */
export const SWEEP_BATCH = 200;

export interface SweepOutcome {
  /** Running jobs whose worker vanished, handed to the queue again (attempts remain). */
  requeued: number;
  /** Jobs marked Failed (attempts used up, a stop requested, or never started). */
  failed: number;
  /** Jobs that changed meanwhile, or whose message could not be sent; the next sweep looks again. */
  skipped: number;
}

/**
 * The timer-driven backstop for jobs nobody is working on (docs/architecture.md rule 5):
 *
 * - Running with a lease over for STALE_LEASE_MS: its worker died and its
 *   message did not come back. With attempts left, its message is sent again
 *   and the delivery re-runs it through startJobRun's own rules (which count
 *   the lost run); with none left, with a stop requested, or when sending it
 *   again for QUEUED_TIMEOUT_MS did not help, it is failed here.
 * - Queued and unchanged for QUEUED_TIMEOUT_MS: failed with a message saying so.
 *
 * Every write is conditional on the etag read, so a worker that claims or
 * finishes the job meanwhile wins and the sweep leaves it.
 */
export async function sweepStaleJobs(
  deps: Pick<Deps, 'store' | 'queue' | 'clock' | 'log'>,
  signal?: AbortSignal,
): Promise<SweepOutcome> {
  const jobs = deps.store.collection<JobDocument>('jobs');
  const now = deps.clock.now();
  const outcome: SweepOutcome = { requeued: 0, failed: 0, skipped: 0 };

  const stale = await jobs.query({
    where: [
      { field: 'status', op: '=', value: 'Running' },
      { field: 'leaseUntil', op: '<', value: new Date(now.getTime() - STALE_LEASE_MS).toISOString() },
    ],
    orderBy: { field: 'leaseUntil', direction: 'asc' },
    limit: SWEEP_BATCH,
  });
  for (const job of stale.items) {
    if (signal?.aborted) return outcome;
    const log = deps.log.child({ jobId: job.id, kind: job.kind, disputeId: job.disputeId, attempts: job.attempts });
    // A job re-queued by earlier sweeps that still did not run has no message that works: stop trying.
    const abandoned = Date.parse(job.leaseUntil ?? '') < now.getTime() - QUEUED_TIMEOUT_MS;
    if (job.cancelRequested || job.attempts >= MAX_JOB_ATTEMPTS || abandoned) {
      const message = job.cancelRequested ? JOB_STOPPED_MESSAGE : interruptedMessage(job.kind, job.attempts, true);
      if (await fail(deps, job, message)) {
        outcome.failed++;
        log.warn('Failed a job whose worker stopped and whose message did not come back', { errorMessage: message });
      } else {
        outcome.skipped++;
      }
      continue;
    }
    try {
      await deps.queue.send(JOB_QUEUES[job.kind], { jobId: job.id });
      outcome.requeued++;
      log.warn('Queued again a job whose worker stopped and whose message did not come back', {
        leaseUntil: job.leaseUntil,
      });
    } catch (error) {
      outcome.skipped++;
      log.error('Queueing a stale job again failed; the next sweep tries again', { error });
    }
  }

  const remaining = SWEEP_BATCH - stale.items.length;
  if (remaining <= 0) return outcome;
  const waiting = await jobs.query({
    where: [
      { field: 'status', op: '=', value: 'Queued' },
      { field: 'updatedAt', op: '<', value: new Date(now.getTime() - QUEUED_TIMEOUT_MS).toISOString() },
    ],
    orderBy: { field: 'updatedAt', direction: 'asc' },
    limit: remaining,
  });
  for (const job of waiting.items) {
    if (signal?.aborted) return outcome;
    const message = job.cancelRequested ? JOB_STOPPED_MESSAGE : neverStartedMessage(job.kind);
    if (await fail(deps, job, message)) {
      outcome.failed++;
      deps.log.warn('Failed a job that stayed queued too long', {
        jobId: job.id,
        kind: job.kind,
        disputeId: job.disputeId,
        queuedSince: job.updatedAt,
      });
    } else {
      outcome.skipped++;
    }
  }
  return outcome;
}

/**
 * Marks the job Failed if it is still the version read, and mirrors that on
 * its case as its worker would have; answers whether it did.
 */
async function fail(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  job: Stored<JobDocument>,
  errorMessage: string,
): Promise<boolean> {
  const { leaseUntil: _lease, ...rest } = withoutEtag(job);
  try {
    await deps.store
      .collection<JobDocument>('jobs')
      .replace(
        { ...rest, status: 'Failed', errorMessage, updatedAt: deps.clock.now().toISOString() },
        { ifMatch: job._etag },
      );
  } catch (error) {
    if (error instanceof StoreConflictError || error instanceof StoreNotFoundError) return false;
    throw error;
  }
  // The job is Failed whatever happens here, and no later sweep looks at it again: a failure is only logged.
  await reflectFailedJob(deps, job, errorMessage).catch((error: unknown) =>
    deps.log.error('Marking a failed job on its case failed', { jobId: job.id, disputeId: job.disputeId, error }),
  );
  return true;
}
