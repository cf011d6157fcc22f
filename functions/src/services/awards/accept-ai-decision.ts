import { TRIBUNAL_MESSAGES } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeDispute } from '../disputes/change-dispute.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import type { Side } from '../disputes/dispute-document.js';
import { withAiUse } from '../ai-use/ai-use-details.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/accept`: a party accepts the AI decision of a case without a
 * tribunal. It binds only when both have (SPEC.md's "Final decisions accepted by all Parties"); then the
 * case is Resolved. A case with a tribunal, or a decision that is not a completed AI decision, cannot be
 * accepted this way. Audited.
 */
export async function acceptAiDecision(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; awardId: string },
  client: ClientInfo,
): Promise<{ acceptedBy: Side[]; resolved: boolean }> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  const now = deps.clock.now().toISOString();
  const updated = await changeDispute(
    deps,
    dispute.id,
    (current) => {
      if (current.tribunal) throw new ConflictError(TRIBUNAL_MESSAGES.acceptOnlyAiDecision);
      const resolution = current.phases.find((phase) => phase.type === 'Resolution');
      const decision = resolution?.attachments.find((file) => file.id === input.awardId);
      if (!decision || decision.decisionKind !== 'aiDecision' || decision.status !== 'Completed') {
        throw new ConflictError(TRIBUNAL_MESSAGES.noDecisionToAccept);
      }
      const acceptances = decision.acceptances ?? [];
      if (acceptances.some((entry) => entry.side === side)) throw new ConflictError(TRIBUNAL_MESSAGES.alreadyAccepted);
      const next = [...acceptances, { side, userId: caller.userId, at: now }];
      const both = next.some((e) => e.side === 'claimant') && next.some((e) => e.side === 'respondent');
      return {
        ...current,
        ...(both ? { status: 'Resolved' as const } : {}),
        phases: current.phases.map((phase) =>
          phase !== resolution
            ? phase
            : {
                ...phase,
                attachments: phase.attachments.map((file) =>
                  file === decision ? { ...file, acceptances: next } : file,
                ),
              },
        ),
      };
    },
    dispute,
  );
  const decision = updated.phases
    .find((phase) => phase.type === 'Resolution')!
    .attachments.find((file) => file.id === input.awardId)!;
  const acceptedBy = (decision.acceptances ?? []).map((entry) => entry.side);
  await recordCallerAction(deps, caller, client, {
    action: 'AcceptDecision',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: withAiUse(
      `AI decision ${input.awardId} accepted by the ${side}${updated.status === 'Resolved' ? '; both parties have accepted: case Resolved' : ''}`,
      { event: 'accepted', use: 'decision', outputId: input.awardId },
    ),
  });
  return { acceptedBy, resolved: updated.status === 'Resolved' };
}
