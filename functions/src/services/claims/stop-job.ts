import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { discardPendingClaimDraft } from './claim-draft.js';
import { readVisibleJob, type CallerLookup } from '../jobs/read-visible-job.js';
import { requestJobStop } from '../jobs/request-job-stop.js';

export const STOP_DECISION_ON_CASE_MESSAGE = refusal('claims.stopDecisionOnCase');

/**
 * `POST /api/dispute/job/{id}/stop`: Stop on the claim generator and Cancel on the public generator. The job
 * is asked to stop (requestJobStop: a queued one never starts, a running one aborts its model call within
 * seconds). A claim job only by the user who asked for it (anyone else: the same 404 as an unknown id), and
 * the draft it was writing goes with it; a public generator's job by its id, as its status is read. A
 * decision has its own route, which also ends its attachment. Answers whether the job was still running.
 */
export async function stopJob(
  deps: Deps,
  identify: CallerLookup,
  jobId: string,
  client: ClientInfo,
): Promise<{ stopped: boolean }> {
  const job = await readVisibleJob(deps, identify, jobId);
  if (job.kind === 'decision' || job.kind === 'claims-summary') throw new ForbiddenError(STOP_DECISION_ON_CASE_MESSAGE);
  if (job.kind === 'anonymous-decision') return { stopped: await requestJobStop(deps, job.id) };

  const caller = await identify();
  if (job.ownerId !== caller.userId) throw new NotFoundError(refusal('cases.jobNotFound'));
  const stopped = await requestJobStop(deps, job.id);
  if (job.disputeId) await discardPendingClaimDraft(deps, { disputeId: job.disputeId, userId: caller.userId, jobId });
  if (stopped) {
    await recordCallerAction(deps, caller, client, {
      action: 'StopClaimGeneration',
      entityType: 'Dispute',
      entityId: job.disputeId ?? job.id,
      details: `Claim draft job ${job.id} stopped`,
    });
  }
  return { stopped };
}
