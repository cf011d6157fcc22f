import { randomUUID } from 'node:crypto';
import { defaultDecisionSettings, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { JOB_QUEUES } from '../../records/job-queues.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { readCaseForDecision } from '../decisions/decision-authority.js';
import { partyOf } from '../decisions/request-decision-generation.js';
import { documentGroups } from '../documents/case-document-groups.js';
import { createJob } from '../jobs/create-job.js';
import type { ClaimsSummaryJobInput } from './claims-summary-job-input.js';

/**
 * `POST /api/dispute/{id}/tribunal/claims-summary`: the first validation gate (AAA-ICDR style) before a
 * tribunal drafts its decision. A member has each party's requests for relief and grounds extracted from the
 * case file by a 'claims-summary' job (run-claims-summary-job.ts); each party then confirms its own side or
 * corrects it, and either party or the tribunal may comment (claims-summary.ts). The draft waits for both
 * answers unless the tribunal gives a reason to proceed without them (request-decision-generation.ts).
 */
export async function requestClaimsExtraction(
  deps: Deps,
  caller: Caller,
  disputeId: string,
  client: ClientInfo,
): Promise<{ jobId: string }> {
  const { dispute, kind, member } = await readCaseForDecision(deps, caller, disputeId);
  if (kind !== 'award' || !member) throw new ConflictError(refusal('tribunal.claimsSummaryOnTribunalCase'));
  const jobId = randomUUID();
  const input: ClaimsSummaryJobInput = {
    disputeId: dispute.id,
    caseName: dispute.name,
    claimant: partyOf(dispute.claimant),
    respondent: partyOf(dispute.respondent),
    groups: documentGroups(dispute),
    settings: defaultDecisionSettings(),
    requestedBy: { userId: caller.userId, name: member.name },
  };
  await createJob(deps, {
    id: jobId,
    kind: 'claims-summary',
    queue: JOB_QUEUES['claims-summary'],
    ownerId: caller.userId,
    disputeId: dispute.id,
    tenantId: dispute.tenantId,
    input,
  });
  await recordCallerAction(deps, caller, client, {
    action: 'ExtractClaims',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Summary of the parties' claims requested; job ${jobId}`,
  });
  return { jobId };
}
