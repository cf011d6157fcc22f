import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { Stored } from '../../ports/store.js';
import { confirmedEmailKey, sideOf } from '../disputes/dispute-access.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import { type JobDocument } from './job-document.js';

/**
 * Which sides of a case may read a job of each kind besides its owner. A claim
 * draft is the claimant side's work (it may quote their private work files),
 * so the respondent side never sees it; a decision is for both, and so is the
 * summary of the claims, which both parties answer.
 */
const READERS: Record<JobDocument['kind'], readonly Side[]> = {
  claim: ['claimant'],
  decision: ['claimant', 'respondent'],
  'anonymous-decision': [],
  'claims-summary': ['claimant', 'respondent'],
  // A copy of a person's data is theirs alone (or the administrator's who made it on their request).
  'data-export': [],
};

/**
 * Kinds whose id is the only key: the public generator's jobs have no owner
 * to sign in as, and their random id reaches nobody but the one who asked.
 */
const PUBLIC_KINDS: ReadonlySet<JobDocument['kind']> = new Set(['anonymous-decision']);

/** The signed-in caller, resolved only when a job needs one; throws the usual 401 when there is none. */
export type CallerLookup = () => Promise<Caller>;

/**
 * A job the caller may read: a public generator's job by its id alone; else
 * their own, or one of a case they take part in on a side allowed to read
 * that kind. Anything else, including an unknown id, is the same 404 (and
 * the same 401 when signed out), so job ids reveal nothing.
 */
export async function readVisibleJob(
  deps: Pick<Deps, 'store'>,
  identify: CallerLookup,
  jobId: string,
): Promise<Stored<JobDocument>> {
  const job = jobId ? await deps.store.collection<JobDocument>('jobs').read(jobId, jobId) : undefined;
  if (job && PUBLIC_KINDS.has(job.kind)) return job;
  const caller = await identify();
  if (job) {
    if (job.ownerId === caller.userId) return job;
    if (job.disputeId) {
      const dispute = await deps.store.collection<DisputeDocument>('disputes').read(job.disputeId, job.disputeId);
      const side = dispute ? sideOf(dispute, caller.userId, await confirmedEmailKey(deps, caller)) : undefined;
      if (side && READERS[job.kind].includes(side)) return job;
    }
  }
  throw new NotFoundError(refusal('cases.jobNotFound'));
}
