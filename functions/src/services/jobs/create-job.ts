import { randomUUID } from 'node:crypto';
import { refusal, type JobKind } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { DomainError } from '../../errors.js';
import type { QueueName } from '../../ports/queue.js';
import { failedMessage } from './job-messages.js';
import type { JobDocument } from './job-document.js';

export interface NewJob<Input> {
  /** The job's id when the caller needed it first (to name the job's files); else a new random UUID. */
  id?: string;
  kind: JobKind;
  queue: QueueName;
  ownerId: string;
  disputeId?: string;
  /** The tenant whose model usage the job counts to (the case's); absent for the anonymous generator. */
  tenantId?: string;
  input: Input;
  /** Seconds the job lives after its last change (anonymous jobs); omitted: kept. */
  ttl?: number;
}

/**
 * Writes the job document, then queues its message (docs/architecture.md rule 5):
 * a message never names a job that does not exist, and a job whose message
 * could not be sent is marked Failed at once, so no client polls it forever.
 */
export async function createJob<Input>(deps: Pick<Deps, 'store' | 'queue' | 'clock' | 'log'>, spec: NewJob<Input>) {
  const now = deps.clock.now().toISOString();
  const job: JobDocument<Input> = {
    id: spec.id ?? randomUUID(),
    pk: '',
    kind: spec.kind,
    status: 'Queued',
    ownerId: spec.ownerId,
    ...(spec.disputeId ? { disputeId: spec.disputeId } : {}),
    ...(spec.tenantId ? { tenantId: spec.tenantId } : {}),
    attempts: 0,
    cancelRequested: false,
    input: spec.input,
    createdAt: now,
    updatedAt: now,
    ...(spec.ttl ? { ttl: spec.ttl } : {}),
  };
  job.pk = job.id;
  const jobs = deps.store.collection<JobDocument<Input>>('jobs');
  const stored = await jobs.create(job);
  try {
    await deps.queue.send(spec.queue, { jobId: job.id });
  } catch (error) {
    deps.log.error('Queueing a job failed', { jobId: job.id, queue: spec.queue, error });
    const message = `${failedMessage(spec.kind)}: it could not be queued. Please try again.`;
    await jobs
      .replace(
        { ...job, status: 'Failed', errorMessage: message, updatedAt: deps.clock.now().toISOString() },
        { ifMatch: stored._etag },
      )
      .catch((markError: unknown) => deps.log.error('Marking an unqueued job failed', { jobId: job.id, markError }));
    throw new DomainError('unavailable', 503, refusal('claims.generationUnavailable'));
  }
  return job;
}
