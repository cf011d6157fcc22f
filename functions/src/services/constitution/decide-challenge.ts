import { type ConstitutionView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { adminScopeOf, scopeCovers } from '../../records/admin-scope.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeOpenDispute } from '../disputes/assert-not-final.js';
import { type DisputeDocument } from '../disputes/dispute-document.js';
import { mailChallenge } from './challenge-arbitrator.js';
import { constitutionOf, toConstitutionView, withConstitution } from '../disputes/constitution-record.js';

/**
 * `POST /api/admin/tribunal/{id}/challenges/{challengeId}`: the appointing authority (an administrator of the
 * case's tenant, or a SuperAdmin) decides a challenge with reasons. Sustained, the arbitrator is removed and
 * the seat reopens (the tribunal is Requested again and an administrator appoints a replacement); rejected,
 * the arbitrator stays. Both parties and the arbitrator are mailed; audited.
 */
export async function decideChallenge(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; challengeId: string; sustained: boolean; reasons: string },
  client: ClientInfo,
): Promise<ConstitutionView> {
  const scope = adminScopeOf(caller);
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(input.disputeId, input.disputeId);
  if (!dispute || !scopeCovers(scope, dispute.tenantId)) throw new NotFoundError(refusal('cases.notFound'));
  const admin = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  const decidedBy = admin?.userName ?? caller.email;
  const at = deps.clock.now().toISOString();
  const status = input.sustained ? 'Sustained' : 'Rejected';
  let challenged = { id: '', name: '' };
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const challenge = constitutionOf(current).challenges.find((entry) => entry.id === input.challengeId);
      if (!challenge) throw new NotFoundError(refusal('constitution.challengeNotFound'));
      if (challenge.status !== 'Open') throw new ConflictError(refusal('constitution.challengeDecided'));
      challenged = { id: challenge.arbitratorId, name: challenge.arbitratorName };
      const decided = withConstitution(current, (record) => ({
        ...record,
        challenges: record.challenges.map((entry) =>
          entry.id === challenge.id
            ? { ...entry, status, decidedAt: at, decidedBy, decidedById: caller.userId, reasons: input.reasons }
            : entry,
        ),
      }));
      if (!input.sustained || !decided.tribunal) return decided;
      return {
        ...decided,
        tribunal: {
          ...decided.tribunal,
          status: 'Requested',
          members: decided.tribunal.members.map((member) =>
            member.userId === challenge.arbitratorId
              ? {
                  ...member,
                  status: 'Declined' as const,
                  removedByChallenge: challenge.id,
                  respondedAt: member.respondedAt ?? at,
                }
              : member,
          ),
        },
      };
    },
    dispute,
  );
  await mailChallenge(deps, updated, challenged.name, status, input.reasons, challenged.id);
  await recordCallerAction(deps, caller, client, {
    action: 'DecideChallenge',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Challenge ${input.challengeId} of ${challenged.name} ${status.toLowerCase()} by ${decidedBy}: ${input.reasons.slice(0, 500)}`,
  });
  return toConstitutionView(constitutionOf(updated));
}
