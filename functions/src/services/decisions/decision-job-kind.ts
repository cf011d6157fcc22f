import { registerJobKind } from '../jobs/job-kinds.js';
import { decisionJobInputSchema } from './decision-job-input.js';
import { markDecisionFailed } from './end-decision.js';

/**
 * The decision job kind's hooks, registered when this module loads (workers.ts and timers.ts import
 * it): a decision job failed outside its worker marks its case's Resolution attachment Failed.
 */
registerJobKind('decision', {
  async reflectFailure(deps, job, errorMessage) {
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
  },
});
