import { type TribunalView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeOpenDispute } from '../disputes/assert-not-final.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { toTribunalView, type DisputeDocument } from '../disputes/dispute-document.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { constitutionOf, withConstitution } from '../disputes/constitution-record.js';

/**
 * `POST /api/dispute/{id}/tribunal/size`: the party that did not ask for three arbitrators agrees (three) or
 * refuses (a sole arbitrator), within the period. Both parties are mailed; audited.
 */
export async function answerTribunalSize(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; agree: boolean },
  client: ClientInfo,
): Promise<TribunalView> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  const now = deps.clock.now();
  const outcome = input.agree ? 'Agreed' : 'Refused';
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const request = constitutionOf(current).sizeRequest;
      if (!request || request.status !== 'Pending' || new Date(request.answerBy) <= now) {
        throw new ConflictError(refusal('constitution.sizeNotPending'));
      }
      if (request.requestedBySide === side) throw new ForbiddenError(refusal('constitution.sizeOwnRequest'));
      return settleSize(current, outcome, now.toISOString(), caller.userId);
    },
    dispute,
  );
  await mailSizeOutcome(deps, updated, outcome);
  await recordCallerAction(deps, caller, client, {
    action: 'AnswerTribunalSize',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `The ${side} ${input.agree ? 'agreed to' : 'refused'} three arbitrators`,
  });
  return toTribunalView(updated.tribunal!);
}

/** The case with the size question settled: three if agreed, else a sole arbitrator. */
export function settleSize<T extends DisputeDocument>(
  current: T,
  outcome: 'Agreed' | 'Refused' | 'Lapsed',
  at: string,
  by?: string,
): T {
  const settled = withConstitution(current, (record) => ({
    ...record,
    sizeRequest: { ...record.sizeRequest!, status: outcome, answeredAt: at, ...(by ? { answeredBy: by } : {}) },
  }));
  return outcome === 'Agreed' || !settled.tribunal
    ? settled
    : { ...settled, tribunal: { ...settled.tribunal, size: 1 } };
}

export async function mailSizeOutcome(
  deps: Deps,
  dispute: DisputeDocument,
  outcome: 'Agreed' | 'Refused' | 'Lapsed',
): Promise<void> {
  await notify(deps, {
    event: 'tribunalSizeAnswered',
    params: { outcome },
    caseName: dispute.name,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    disputeId: dispute.id,
    path: casePath(dispute.id, 'tribunal'),
    recipients: [dispute.claimant.email, dispute.respondent.email].filter(Boolean).map((email) => ({ email })),
  });
}
