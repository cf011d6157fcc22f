import { waitUnlessAborted } from '../../ports/clock.js';
import type { JobKind } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { StoreConflictError, StoreNotFoundError, type Stored } from '../../ports/store.js';
import { JOB_LEASE_MS, MAX_JOB_ATTEMPTS, withoutEtag, type JobDocument } from './job-document.js';
import { interruptedMessage } from './job-messages.js';

/** A worker racing another over one job re-reads it at most this often before leaving it to the winner. */
const MAX_CLAIM_TRIES = 5;

export const JOB_STOPPED_MESSAGE = 'Generation was stopped.';

/**
 * Claims a job for one run when its message is delivered, with a write
 * conditional on the version read, so of two deliveries only one runs it:
 *
 * - Queued: becomes Running with `attempts + 1` and a lease;
 * - Running with a live lease: another delivery is running it; nothing to do
 *   (if that worker dies, its own message comes back once the queue's lock
 *   runs out, and by then so has the lease). Only a redelivery of the same
 *   message waits once for the lease to run out and looks again: its last
 *   run failed without being able to hand the job back;
 * - Running with an expired lease: its worker died. Claimed again while
 *   attempts remain, else Failed with a message saying so;
 * - Completed, Failed, Deleted: a duplicate or late message; nothing to do.
 *
 * Answers the claimed job, or undefined when this delivery has nothing to run.
 */
export async function startJobRun(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  jobId: string,
  kind: JobKind,
  delivery: { redelivery: boolean; signal?: AbortSignal } = { redelivery: false },
): Promise<Stored<JobDocument> | undefined> {
  const jobs = deps.store.collection<JobDocument>('jobs');
  const log = deps.log.child({ jobId });
  let waited = false;
  for (let attempt = 1; attempt <= MAX_CLAIM_TRIES; attempt++) {
    const job = await jobs.read(jobId, jobId);
    if (!job) {
      log.warn('A queue message names a job that does not exist; dropping it');
      return undefined;
    }
    if (job.kind !== kind) {
      log.warn('A queue message names a job of another kind; dropping it', { kind: job.kind, expected: kind });
      return undefined;
    }
    const now = deps.clock.now();
    const nowIso = now.toISOString();
    let next: JobDocument;
    if (job.status === 'Completed' || job.status === 'Failed' || job.status === 'Deleted') {
      log.info('Ignoring a message for a job that has already finished', { status: job.status });
      return undefined;
    } else if (job.status === 'Running' && job.leaseUntil && Date.parse(job.leaseUntil) > now.getTime()) {
      // The same message delivered again means the run that held it failed without handing the job back (its
      // store write failed too): wait once for the lease it left, then look again. A fresh duplicate just leaves.
      if (delivery.redelivery && !waited) {
        waited = true;
        attempt -= 1;
        await waitUnlessAborted(
          Math.min(Date.parse(job.leaseUntil) - now.getTime() + 1_000, JOB_LEASE_MS + 1_000),
          delivery.signal,
        );
        continue;
      }
      log.info('Ignoring a message for a job that another worker is running', { leaseUntil: job.leaseUntil });
      return undefined;
    } else if (job.cancelRequested) {
      next = finished(job, nowIso, JOB_STOPPED_MESSAGE);
    } else if (job.attempts >= MAX_JOB_ATTEMPTS) {
      // Every run so far was cut short (a worker that died, or failures that may pass); the next would be one too many.
      next = finished(job, nowIso, interruptedMessage(job.kind, job.attempts, job.status === 'Running'));
    } else {
      next = {
        ...withoutEtag(job),
        status: 'Running',
        attempts: job.attempts + 1,
        leaseUntil: new Date(now.getTime() + JOB_LEASE_MS).toISOString(),
        startedAt: nowIso,
        updatedAt: nowIso,
      };
    }
    try {
      const written = await jobs.replace(next, { ifMatch: job._etag });
      if (written.status !== 'Running') {
        log.warn('Job ended without running', { status: written.status, errorMessage: written.errorMessage });
        return undefined;
      }
      if (job.status === 'Running') log.warn('Re-running a job whose worker stopped', { attempts: written.attempts });
      return written;
    } catch (error) {
      if (error instanceof StoreNotFoundError) return undefined;
      if (!(error instanceof StoreConflictError)) throw error;
      // Someone else changed the job meanwhile: look again at what it is now.
    }
  }
  log.warn('Gave up claiming a job that kept changing');
  return undefined;
}

function finished(job: Stored<JobDocument>, nowIso: string, errorMessage: string): JobDocument {
  const { leaseUntil: _lease, ...rest } = withoutEtag(job);
  return { ...rest, status: 'Failed', errorMessage, updatedAt: nowIso };
}
