import type { Deps } from '../../deps.js';
import type { ReceivedMessage } from '../../ports/queue.js';
import { runJob } from '../jobs/run-job.js';
import { draftClaim, estimateClaimJob } from './draft-claim.js';

/** The 'claim-jobs' queue worker: one delivery of a claim job's message. */
export function runClaimJob(deps: Deps, message: ReceivedMessage, signal: AbortSignal): Promise<void> {
  return runJob(
    deps,
    message,
    signal,
    'claim',
    (job, jobSignal, progress) => draftClaim(deps, job, jobSignal, progress),
    (job) => estimateClaimJob(deps, job),
  );
}
