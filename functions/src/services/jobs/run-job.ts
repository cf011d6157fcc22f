import type { JobKind } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ReceivedMessage } from '../../ports/queue.js';
import type { Stored } from '../../ports/store.js';
import { jobMessageSchema, MAX_JOB_ATTEMPTS, type JobDocument } from './job-document.js';
import { failedMessage } from './job-messages.js';
import { JOB_STOPPED_MESSAGE, startJobRun } from './start-job-run.js';
import { releaseJobBudget } from '../model-budget/admit-job.js';
import { runWithJobCalls } from '../model-budget/job-calls.js';
import { tagActiveSpan, tracingRecording } from '../../observability/tracing.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { admitFirstRun } from './admit-first-run.js';
import { completeJob, finishJob, reasonOf, releaseJob } from './end-job-run.js';
import { keepLease } from './keep-job-lease.js';
import { JobFailure, type JobEstimator, type JobResult, type JobWork } from './job-work.js';

export { JobFailure, type JobEstimator, type JobResult, type JobWork } from './job-work.js';

/** The attachment a job writes (a decision's PDF), when its input names one: an id for its span. */
function attachmentOf(job: Stored<JobDocument>): string | undefined {
  const input = job.input as { attachmentId?: unknown } | null | undefined;
  return typeof input?.attachmentId === 'string' ? input.attachmentId : undefined;
}

/**
 * Runs one delivery of a job's message: waits for the model's budget to admit a
 * job's first run (`estimate` given; model-budget/admit-job.ts: a job that may
 * not start yet stays Queued and its message is deferred), claims the job (startJobRun), keeps
 * its lease alive while `work` runs, and records how it ended, every write
 * conditional on the job being still this run's:
 *
 * - the result is written to 'results' first, then the job becomes Completed;
 * - a `JobFailure` makes it Failed with its message;
 * - any other error (the model service down, storage unreachable) sets it
 *   back to Queued and rethrows, so the queue delivers it again after its
 *   back-off, until MAX_JOB_ATTEMPTS runs; the last one makes it Failed;
 * - a shutdown of this worker (`signal`) sets it back to Queued without
 *   counting the run, and rethrows, so the queue hands it on.
 * (When even that write fails, the rethrown error still brings the message
 * back; startJobRun then waits for the lease this run leaves behind.)
 *
 * A run that has lost its lease to another (it stalled past the lease)
 * stops and writes nothing more: the other run owns the job.
 */
export async function runJob(
  deps: Deps,
  message: ReceivedMessage,
  signal: AbortSignal,
  kind: JobKind,
  work: JobWork,
  estimate?: JobEstimator,
): Promise<void> {
  const parsed = jobMessageSchema.safeParse({ jobId: message.jobId });
  if (!parsed.success) {
    deps.log.warn('Dropping a queue message whose job id is not a job id', { jobId: message.jobId, kind });
    return;
  }
  if (estimate) await admitFirstRun(deps, parsed.data.jobId, kind, estimate, signal);
  const job = await startJobRun(deps, parsed.data.jobId, kind, {
    redelivery: message.deliveryCount > 1,
    signal,
  });
  if (!job) return;
  // The delivery's span (observability/traced-ports.ts) names the case the job serves.
  tagActiveSpan({ caseId: job.disputeId, jobId: job.id, attachmentId: attachmentOf(job) });
  // The case's number too, which an operator is told by a party; one read, and only while spans are recorded.
  if (job.disputeId && tracingRecording()) {
    const dispute = await deps.store
      .collection<DisputeDocument>('disputes')
      .read(job.disputeId, job.disputeId)
      .catch(() => undefined);
    tagActiveSpan({ caseNumber: dispute?.caseNumber });
  }

  const log = deps.log.child({ jobId: job.id, kind, attempt: job.attempts });
  const lease = keepLease(deps, job, signal);
  let outcome: { result: JobResult } | { error: unknown };
  // The job's model calls are booked to its deployment and reconciled (services/model-budget/job-calls.ts);
  // what they have to tell (a failover) goes into the job's details.
  const calls = { jobId: job.id, notes: [] as string[] };
  try {
    outcome = { result: await runWithJobCalls(calls, () => work(job, lease.signal, lease.report)) };
  } catch (error) {
    outcome = { error };
  }
  const current = await lease.stop();
  if (lease.lost) {
    log.warn('A job run lost its lease to another run; dropping its outcome');
    return;
  }
  try {
    return await endRun();
  } finally {
    // Finished, failed for good or stopped: what it did not use of its booking goes back at once.
    const ended = await deps.store
      .collection<JobDocument>('jobs')
      .read(job.id, job.id)
      .catch(() => undefined);
    if (ended && (ended.status === 'Completed' || ended.status === 'Failed')) await releaseJobBudget(deps, job.id);
  }

  async function endRun(): Promise<void> {
    if ('result' in outcome && calls.notes.length > 0) {
      outcome = { result: { ...outcome.result, details: [...outcome.result.details, ...calls.notes] } };
    }

    if ('result' in outcome) {
      try {
        await completeJob(deps, current, outcome.result);
        log.info('Job completed');
        return;
      } catch (error) {
        // Storage failed under the finished work: handled like any other failure that may pass.
        outcome = { error };
      }
    }
    const { error } = outcome;
    if (lease.cancelled) {
      await finishJob(deps, current, { status: 'Failed', errorMessage: JOB_STOPPED_MESSAGE });
      log.info('Job stopped at the user’s request');
      return;
    }
    if (error instanceof JobFailure) {
      await finishJob(deps, current, { status: 'Failed', errorMessage: error.message, details: error.details });
      log.info('Job failed', { reason: error.message });
      return;
    }
    if (signal.aborted) {
      await releaseJob(deps, current, { countAttempt: false });
      log.info('Job handed back to the queue: the worker is stopping');
      throw error;
    }
    if (current.attempts >= MAX_JOB_ATTEMPTS) {
      log.error('Job failed on its last attempt', { error });
      await finishJob(deps, current, { status: 'Failed', errorMessage: `${failedMessage(kind)}: ${reasonOf(error)}` });
      return;
    }
    log.warn('Job run failed; it will be retried', { error });
    await releaseJob(deps, current, { countAttempt: true });
    throw error;
  }
}
