import { DECISION_MESSAGES } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { endDecision } from './end-decision.js';
import { readCaseForDecision } from './decision-authority.js';
import { requestJobStop } from '../jobs/request-job-stop.js';

/**
 * `POST /api/dispute/{id}/stopdecisiongeneration`: stops the case's running
 * generation. The job is asked to stop (its worker aborts its model calls
 * within seconds and writes nothing), and the attachment records the stop at
 * once — conditionally, so a decision that completed in the meantime stays
 * completed and the answer says nothing was stopped.
 */
export async function stopDecisionGeneration(
  deps: Deps,
  caller: Caller,
  disputeId: string,
  client: ClientInfo,
): Promise<{ stopped: boolean; attachmentId?: string }> {
  const { dispute } = await readCaseForDecision(deps, caller, disputeId);
  const generating = dispute.phases
    .find((phase) => phase.type === 'Resolution')
    ?.attachments.find((file) => file.status === 'Generating');
  if (!generating) return { stopped: false };

  if (generating.jobId) await requestJobStop(deps, generating.jobId);
  const stopped = await endDecision(
    deps,
    { disputeId: dispute.id, attachmentId: generating.id },
    { status: 'Failed', errorMessage: DECISION_MESSAGES.stopped },
    dispute,
  );

  if (stopped) {
    await recordCallerAction(deps, caller, client, {
      action: 'StopDecisionGeneration',
      entityType: 'Dispute',
      entityId: dispute.id,
      details: `Decision job ${generating.jobId ?? 'unknown'} stopped`,
    });
  }
  return { stopped, attachmentId: generating.id };
}
