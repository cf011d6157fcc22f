import type { Deps } from '../../deps.js';
import type { QueueName } from '../../ports/queue.js';
import { changeRecord } from '../../records/change-record.js';
import { jobMessageSchema, withoutEtag, type JobDocument } from './job-document.js';
import { undeliverableMessage } from './job-messages.js';
import { jobKindOfQueue } from '../../records/job-queues.js';
import { reflectFailedJob } from './reflect-failed-job.js';
import { JOB_STOPPED_MESSAGE } from './start-job-run.js';

/** A message the queue gave up on, as its dead-letter queue hands it over. */
export interface DeadLetteredMessage {
  queue: QueueName;
  /** The message body's job id, unchecked. */
  jobId: unknown;
  /** Why Service Bus dead-lettered it (`MaxDeliveryCountExceeded`, `TTLExpiredException`, …), for the log. */
  reason?: string;
  description?: string;
}

export type DeadLetterOutcome = 'failed' | 'still-running' | 'already-finished' | 'unknown-job';

const MAX_TRIES = 3;

/**
 * Marks the job of a dead-lettered message Failed with a message the user can
 * read, so nobody polls it forever, and a case decision's attachment with it. The queue's own reason goes to the log
 * only. A job still running under a live lease is left alone: that run may
 * yet finish, and if its worker dies the stale-job sweep takes over.
 * Conditional on the etag read; a job changed meanwhile is looked at again.
 */
export async function failDeadLetteredJob(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  message: DeadLetteredMessage,
): Promise<DeadLetterOutcome> {
  const log = deps.log.child({ queue: message.queue, reason: message.reason, description: message.description });
  const parsed = jobMessageSchema.safeParse({ jobId: message.jobId });
  const kind = jobKindOfQueue(message.queue);
  if (!parsed.success || !kind) {
    log.warn('A dead-lettered message names no job; dropping it', { jobId: String(message.jobId) });
    return 'unknown-job';
  }
  const jobId = parsed.data.jobId;
  const jobs = deps.store.collection<JobDocument>('jobs');
  let outcome = 'failed' as DeadLetterOutcome;
  let errorMessage = '';
  let failed: JobDocument | undefined;
  const result = await changeRecord(
    jobs,
    { pk: jobId, id: jobId },
    async (job): Promise<JobDocument | undefined> => {
      failed = undefined;
      if (job.kind !== kind) {
        outcome = 'unknown-job';
        return undefined;
      }
      const jobLog = log.child({ jobId, kind, disputeId: job.disputeId, attempts: job.attempts });
      if (job.status === 'Completed' || job.status === 'Failed' || job.status === 'Deleted') {
        jobLog.info('A dead-lettered message belongs to a job that has already finished', { status: job.status });
        // A delivery of this message that failed the job but not its case (the store was down) is finished here.
        if (job.status === 'Failed') await reflectFailedJob(deps, job, job.errorMessage ?? undeliverableMessage(kind));
        outcome = 'already-finished';
        return undefined;
      }
      const now = deps.clock.now();
      if (job.status === 'Running' && job.leaseUntil && Date.parse(job.leaseUntil) > now.getTime()) {
        jobLog.warn('A dead-lettered message belongs to a job that is still running; leaving it to its run');
        outcome = 'still-running';
        return undefined;
      }
      errorMessage = job.cancelRequested ? JOB_STOPPED_MESSAGE : undeliverableMessage(kind);
      const { leaseUntil: _lease, ...rest } = withoutEtag(job);
      failed = job;
      return { ...rest, status: 'Failed', errorMessage, updatedAt: now.toISOString() };
    },
    // Changed under us every time: it is alive, and whoever keeps changing it will finish it.
    { attempts: MAX_TRIES, busy: () => new KeptChanging() },
  ).catch((error: unknown) => {
    if (error instanceof KeptChanging) return undefined;
    throw error;
  });
  if (!result) {
    log.warn('A dead-lettered job kept changing; leaving it', { jobId });
    return 'still-running';
  }
  if (result.outcome === 'missing' || outcome === 'unknown-job') {
    log.warn('A dead-lettered message names a job that does not exist here; dropping it', { jobId });
    return 'unknown-job';
  }
  if (result.outcome === 'unchanged' || !failed) return outcome;
  log
    .child({ jobId, kind, disputeId: failed.disputeId, attempts: failed.attempts })
    .error('Failed a job whose queue message was dead-lettered', { errorMessage });
  // Throws when the case cannot be written: the dead-letter message comes back and lands above.
  await reflectFailedJob(deps, failed, errorMessage);
  return 'failed';
}

class KeptChanging extends Error {}
