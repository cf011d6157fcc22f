import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { Caller } from '../../http/route.js';
import type { Stored } from '../../ports/store.js';
import { confirmedEmailKey, sideOf } from '../disputes/dispute-access.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import { JOB_NOT_FOUND_MESSAGE, type JobDocument } from './job-document.js';

/**
 * Which sides of a case may read a job of each kind besides its owner. A claim
 * draft is the claimant side's work (it may quote their private work files),
 * so the respondent side never sees it; a decision is for both.
 */
const READERS: Record<JobDocument['kind'], readonly Side[]> = {
  claim: ['claimant'],
  decision: ['claimant', 'respondent'],
  'anonymous-decision': [],
};

/**
 * A job the caller may read: their own, or one of a case they take part in
 * on a side allowed to read that kind. Anything else, including an unknown
 * id, is the same 404, so job ids reveal nothing.
 */
export async function readVisibleJob(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  jobId: string,
): Promise<Stored<JobDocument>> {
  const job = jobId ? await deps.store.collection<JobDocument>('jobs').read(jobId, jobId) : undefined;
  if (job) {
    if (job.ownerId === caller.userId) return job;
    if (job.disputeId) {
      const dispute = await deps.store.collection<DisputeDocument>('disputes').read(job.disputeId, job.disputeId);
      const side = dispute ? sideOf(dispute, caller.userId, await confirmedEmailKey(deps, caller)) : undefined;
      if (side && READERS[job.kind].includes(side)) return job;
    }
  }
  throw new NotFoundError(JOB_NOT_FOUND_MESSAGE);
}
