import type { JobKind } from '@ratkaisu/core';
import type { QueueName } from '../ports/queue.js';

/** The queue whose worker runs each kind of job; a Record so a new kind cannot be left without one. */
export const JOB_QUEUES: Readonly<Record<JobKind, QueueName>> = {
  claim: 'claim-jobs',
  decision: 'decision-jobs',
  'anonymous-decision': 'anonymous-decision-jobs',
  'claims-summary': 'claims-summary-jobs',
  'data-export': 'data-export-jobs',
};

/** The kind of job a queue carries, or undefined for a queue that carries none. */
export function jobKindOfQueue(queue: QueueName): JobKind | undefined {
  return (Object.keys(JOB_QUEUES) as JobKind[]).find((kind) => JOB_QUEUES[kind] === queue);
}
