import type { Deps } from '../../deps.js';
import { decisionJobInputSchema } from '../decisions/decision-job-input.js';
import { markDecisionFailed } from '../decisions/end-decision.js';
import type { JobDocument } from './job-document.js';

/**
 * Mirrors a job failed outside its worker (the stale-job sweep, a dead-lettered
 * message) where its worker would have: a case decision's attachment stops
 * showing Generating. Claim drafts and anonymous jobs keep their state on the
 * job alone. Harmless to call twice.
 */
export async function reflectFailedJob(
  deps: Pick<Deps, 'store' | 'log'>,
  job: Pick<JobDocument, 'id' | 'kind' | 'input'>,
  errorMessage: string,
): Promise<void> {
  if (job.kind !== 'decision') return;
  const input = decisionJobInputSchema.safeParse(job.input);
  if (!input.success) {
    deps.log.error('A failed decision job carries input that is not valid; its case was not updated', {
      jobId: job.id,
    });
    return;
  }
  await markDecisionFailed(
    deps,
    { disputeId: input.data.disputeId, attachmentId: input.data.attachmentId },
    errorMessage,
  );
}
