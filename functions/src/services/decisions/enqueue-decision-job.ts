import type { Deps } from '../../deps.js';
import { createJob } from '../jobs/create-job.js';
import type { DecisionJobInput } from './decision-job-input.js';

/**
 * Writes and queues a job on the decision queue for a case: a whole decision or one chapter regenerated.
 * The two requests differ only in their input; the job's kind, queue, owner and the
 * tenant its model use counts to are the same for all.
 */
export async function enqueueDecisionJob(
  deps: Pick<Deps, 'store' | 'queue' | 'clock' | 'log'>,
  job: { id: string; ownerId: string; dispute: { id: string; tenantId: string }; input: DecisionJobInput },
): Promise<void> {
  await createJob(deps, {
    id: job.id,
    kind: 'decision',
    queue: 'decision-jobs',
    ownerId: job.ownerId,
    disputeId: job.dispute.id,
    tenantId: job.dispute.tenantId,
    input: job.input,
  });
}
