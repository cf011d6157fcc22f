import { randomUUID } from 'node:crypto';
import { type ConstitutionView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ValidationError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeOpenDispute } from '../disputes/assert-not-final.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { constitutionOf, toConstitutionView, withConstitution } from '../disputes/constitution-record.js';
import { partyName } from './party-name.js';

/**
 * `POST /api/dispute/{id}/tribunal/challenges`: a party challenges an accepted arbitrator, with grounds, within
 * the 15 days after the acceptance was made known. The appointing authority decides (decide-challenge.ts);
 * meanwhile the award cannot be adopted. Both parties and the arbitrator are mailed; audited.
 */
export async function challengeArbitrator(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; arbitratorId: string; grounds: string },
  client: ClientInfo,
): Promise<ConstitutionView> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  const name = await partyName(deps, caller);
  const now = deps.clock.now();
  const id = randomUUID();
  let arbitratorName = '';
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const member = current.tribunal?.members.find(
        (entry) => entry.userId === input.arbitratorId && entry.status === 'Accepted',
      );
      if (!member) throw new ValidationError(refusal('constitution.challengeNotSeated'));
      const record = constitutionOf(current);
      const period = record.challengePeriods.find((entry) => entry.arbitratorId === member.userId);
      if (!period || new Date(period.until) <= now)
        throw new ConflictError(refusal('constitution.challengePeriodOver'));
      if (record.challenges.some((entry) => entry.arbitratorId === member.userId && entry.status === 'Open')) {
        throw new ConflictError(refusal('constitution.challengeAlreadyOpen'));
      }
      arbitratorName = member.name;
      return withConstitution(current, (constitution) => ({
        ...constitution,
        challenges: [
          ...constitution.challenges,
          {
            id,
            arbitratorId: member.userId,
            arbitratorName: member.name,
            side,
            name,
            userId: caller.userId,
            grounds: input.grounds,
            at: now.toISOString(),
            status: 'Open',
          },
        ],
      }));
    },
    dispute,
  );
  await mailChallenge(deps, updated, arbitratorName, 'filed', undefined, input.arbitratorId);
  await recordCallerAction(deps, caller, client, {
    action: 'ChallengeArbitrator',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `The ${side} challenged ${arbitratorName} (challenge ${id}): ${input.grounds.slice(0, 500)}`,
  });
  return toConstitutionView(constitutionOf(updated));
}

/** Mails both parties (and the challenged arbitrator) a step of a challenge. */
export async function mailChallenge(
  deps: Deps,
  dispute: DisputeDocument,
  arbitrator: string,
  event: 'filed' | 'Sustained' | 'Rejected',
  reasons: string | undefined,
  arbitratorId: string,
): Promise<void> {
  const memberEmail = dispute.tribunal?.members.find((member) => member.userId === arbitratorId)?.email;
  await notify(deps, {
    event: 'arbitratorChallenge',
    params: { arbitrator, step: event, ...(reasons ? { reasons } : {}) },
    caseName: dispute.name,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    disputeId: dispute.id,
    path: casePath(dispute.id, 'tribunal'),
    recipients: [dispute.claimant.email, dispute.respondent.email, memberEmail]
      .filter((email): email is string => !!email)
      .map((email) => ({ email })),
  });
}
