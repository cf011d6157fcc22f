import {
  CHALLENGE_PERIOD_DAYS,
  TRIBUNAL_MESSAGES,
  type RespondAppointment,
  type TribunalView,
  refusal,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { assertNotFinal, changeOpenDispute } from '../disputes/assert-not-final.js';
import {
  addDays,
  toTribunalView,
  type DisputeDocument,
  type TribunalMemberRecord,
} from '../disputes/dispute-document.js';
import { withConstitution } from '../disputes/constitution-record.js';
import { issueArbitratorCertificate } from '../signing/unlock-arbitrator-signer.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';

/**
 * `POST /api/dispute/{id}/tribunal/respond`: the appointed arbitrator accepts, with the statement of
 * independence (no circumstances, or the circumstances disclosed), or declines. When every member has
 * accepted the tribunal is constituted and both parties are mailed the names and the statements.
 */
export async function respondAppointment(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; answer: RespondAppointment },
  client: ClientInfo,
): Promise<TribunalView> {
  const { answer } = input;
  if (answer.accept && answer.statement === 'disclosed' && !answer.disclosure) {
    throw new ValidationError(refusal('tribunal.disclosureRequired'), {
      disclosure: TRIBUNAL_MESSAGES.disclosureRequired,
    });
  }
  const now = deps.clock.now().toISOString();
  const challengeUntil = addDays(deps.clock.now(), CHALLENGE_PERIOD_DAYS).toISOString();
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(input.disputeId, input.disputeId);
  if (!dispute) throw new NotFoundError(refusal('cases.notFound'));
  if (!dispute.tribunal?.members.some((member) => member.userId === caller.userId)) {
    throw new NotFoundError(refusal('cases.notFound'));
  }
  assertNotFinal(dispute);
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const tribunal = current.tribunal;
      const member = tribunal?.members.find((m) => m.userId === caller.userId);
      if (!tribunal || !member) throw new ForbiddenError(refusal('tribunal.notAppointed'));
      if (member.status !== 'Invited') throw new ConflictError(refusal('tribunal.alreadyResponded'));
      const members = tribunal.members.map((m) =>
        m !== member
          ? m
          : answer.accept
            ? {
                ...m,
                status: 'Accepted' as const,
                respondedAt: now,
                statement: answer.statement,
                ...(answer.statement === 'disclosed' && answer.disclosure ? { disclosure: answer.disclosure } : {}),
              }
            : {
                ...m,
                status: 'Declined' as const,
                respondedAt: now,
                ...(answer.reason ? { declineReason: answer.reason } : {}),
              },
      );
      const seated = members.filter((m) => m.status !== 'Declined');
      const constituted = seated.length === tribunal.size && seated.every((m) => m.status === 'Accepted');
      // An acceptance opens the parties' 15-day period to challenge this arbitrator (challenge-arbitrator.ts).
      const withPeriod = answer.accept
        ? withConstitution(current, (record) => ({
            ...record,
            challengePeriods: [
              ...record.challengePeriods.filter((period) => period.arbitratorId !== caller.userId),
              { arbitratorId: caller.userId, until: challengeUntil },
            ],
          }))
        : current;
      return {
        ...withPeriod,
        tribunal: {
          ...tribunal,
          members,
          status: constituted ? 'Constituted' : seated.length < tribunal.size ? 'Requested' : 'Appointed',
        },
      };
    },
    dispute,
  );

  const tribunal = updated.tribunal!;
  const common = {
    caseName: updated.name,
    ...(updated.caseNumber ? { caseNumber: updated.caseNumber } : {}),
    disputeId: dispute.id,
    path: casePath(dispute.id, 'tribunal'),
  };
  const parties = [updated.claimant.email, updated.respondent.email].filter(Boolean).map((email) => ({ email }));
  const accepted = tribunal.members.find((m) => m.userId === caller.userId);
  if (answer.accept && accepted) {
    // The arbitrator's own signing key and certificate, for signing awards in this and later cases. A failure
    // here (the key store out of reach) does not undo the acceptance: signing issues it then.
    await issueArbitratorCertificate(deps, accepted, { disputeId: dispute.id }).catch((error: unknown) =>
      deps.log.error('Issuing a signing certificate failed', { disputeId: dispute.id, userId: accepted.userId, error }),
    );
    // Every acceptance is made known to both parties with the statement and the challenge period.
    await notify(deps, {
      ...common,
      event: 'arbitratorAccepted',
      params: {
        name: accepted.name,
        role: accepted.role,
        ...disclosureOf(accepted),
        challengeUntil,
      },
      recipients: parties,
    });
  }
  if (answer.accept && tribunal.status === 'Constituted') {
    const members = tribunal.members
      .filter((m) => m.status === 'Accepted')
      .map((m) => ({ name: m.name, title: m.title, role: m.role, ...disclosureOf(m) }));
    await notify(deps, { ...common, event: 'tribunalConstituted', params: { members }, recipients: parties });
  }
  await recordCallerAction(deps, caller, client, {
    action: answer.accept ? 'AcceptAppointment' : 'DeclineAppointment',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: answer.accept
      ? `Statement of independence: ${answer.statement === 'none' ? 'no circumstances' : 'circumstances disclosed'}`
      : `Declined${answer.reason ? `: ${answer.reason}` : ''}`,
  });
  return toTribunalView(tribunal);
}

/** The arbitrator's statement for the mails: what was disclosed, if anything. */
function disclosureOf(member: Pick<TribunalMemberRecord, 'statement' | 'disclosure'>): { disclosure?: string } {
  return member.statement === 'disclosed' ? { disclosure: member.disclosure ?? '' } : {};
}
