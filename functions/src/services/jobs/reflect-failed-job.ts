import type { Deps } from '../../deps.js';
import type { JobDocument } from './job-document.js';
import { jobKindHooks } from './job-kinds.js';

/**
 * Mirrors a job failed outside its worker (the stale-job sweep, a dead-lettered
 * message) where its worker would have, through its kind's registered hook: a case
 * decision's attachment stops showing Generating. Claim drafts and anonymous jobs
 * keep their state on the job alone. Harmless to call twice.
 */
export async function reflectFailedJob(
  deps: Pick<Deps, 'store' | 'log'>,
  job: Pick<JobDocument, 'id' | 'kind' | 'input'>,
  errorMessage: string,
): Promise<void> {
  await jobKindHooks(job.kind)?.reflectFailure(deps, job, errorMessage);
}
