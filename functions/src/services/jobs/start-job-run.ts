import { waitUnlessAborted } from '../../ports/clock.js';
import type { JobKind } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
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
  for (;;) {
    let waitMs: number | undefined;
    let before: Stored<JobDocument> | undefined;
    const result = await changeRecord(
      jobs,
      { pk: jobId, id: jobId },
      (job): JobDocument | undefined => {
        waitMs = undefined;
        before = job;
        if (job.kind !== kind) {
          log.warn('A queue message names a job of another kind; dropping it', { kind: job.kind, expected: kind });
          return undefined;
        }
        const now = deps.clock.now();
        const nowIso = now.toISOString();
        if (job.status === 'Completed' || job.status === 'Failed' || job.status === 'Deleted') {
          log.info('Ignoring a message for a job that has already finished', { status: job.status });
          return undefined;
        }
        if (job.status === 'Running' && job.leaseUntil && Date.parse(job.leaseUntil) > now.getTime()) {
          // The same message delivered again means the run that held it failed without handing the job back (its
          // store write failed too): wait once for the lease it left, then look again. A fresh duplicate just leaves.
          if (delivery.redelivery && !waited) {
            waitMs = Math.min(Date.parse(job.leaseUntil) - now.getTime() + 1_000, JOB_LEASE_MS + 1_000);
          } else {
            log.info('Ignoring a message for a job that another worker is running', { leaseUntil: job.leaseUntil });
          }
          return undefined;
        }
        if (job.cancelRequested) return finished(job, nowIso, JOB_STOPPED_MESSAGE);
        if (job.attempts >= MAX_JOB_ATTEMPTS) {
          // Every run so far was cut short (a worker that died, or failures that may pass); the next would be one too many.
          return finished(job, nowIso, interruptedMessage(job.kind, job.attempts, job.status === 'Running'));
        }
        return {
          ...withoutEtag(job),
          status: 'Running',
          attempts: job.attempts + 1,
          leaseUntil: new Date(now.getTime() + JOB_LEASE_MS).toISOString(),
          startedAt: nowIso,
          updatedAt: nowIso,
        };
      },
      // Someone else changed the job meanwhile: look again at what it is now, up to a point.
      { attempts: MAX_CLAIM_TRIES, busy: () => new KeptChanging() },
    ).catch((error: unknown) => {
      if (error instanceof KeptChanging) return undefined;
      throw error;
    });
    if (!result) {
      log.warn('Gave up claiming a job that kept changing');
      return undefined;
    }
    if (result.outcome === 'missing') {
      if (!before) log.warn('A queue message names a job that does not exist; dropping it');
      return undefined;
    }
    if (waitMs !== undefined) {
      waited = true;
      await waitUnlessAborted(waitMs, delivery.signal);
      continue;
    }
    if (result.outcome === 'unchanged') return undefined;
    const written = result.record;
    if (written.status !== 'Running') {
      log.warn('Job ended without running', { status: written.status, errorMessage: written.errorMessage });
      return undefined;
    }
    if (before?.status === 'Running') log.warn('Re-running a job whose worker stopped', { attempts: written.attempts });
    return written;
  }
}

class KeptChanging extends Error {}

function finished(job: Stored<JobDocument>, nowIso: string, errorMessage: string): JobDocument {
  const { leaseUntil: _lease, ...rest } = withoutEtag(job);
  return { ...rest, status: 'Failed', errorMessage, updatedAt: nowIso };
}
