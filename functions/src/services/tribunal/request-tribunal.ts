import { TRIBUNAL_SIZE_ANSWER_DAYS, type TribunalSize, type TribunalView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { assertNotFinal, changeOpenDispute } from '../disputes/assert-not-final.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { addDays, toTribunalView } from '../disputes/dispute-document.js';
import { withConstitution } from '../disputes/constitution-record.js';
import { administrators, notify } from '../notices/notify.js';
import { APPOINTMENTS_PATH, casePath } from '../notices/notice-paths.js';
import { assertTribunalFeesPriceable, openTribunalFees } from '../tribunal-fees/open-tribunal-fees.js';

/**
 * `POST /api/dispute/{id}/tribunal/request`: a party asks for an arbitrator (or three). The case then waits
 * for an administrator to appoint; both parties are mailed. One request per case. A request for three is put
 * to the other party, which agrees or refuses within TRIBUNAL_SIZE_ANSWER_DAYS; refused or unanswered, the
 * tribunal is a sole arbitrator (answer-tribunal-size.ts, lapse-tribunal-size-requests.ts).
 */
export async function requestTribunal(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; size: TribunalSize; note?: string },
  client: ClientInfo,
): Promise<TribunalView> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  assertNotFinal(dispute);
  // With fees charged the request owes fees priced by the amount in dispute: refused before anything is written.
  await assertTribunalFeesPriceable(deps, dispute);
  const now = deps.clock.now().toISOString();
  const sizeAnswerBy = addDays(deps.clock.now(), TRIBUNAL_SIZE_ANSWER_DAYS).toISOString();
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      if (current.tribunal) throw new ConflictError(refusal('tribunal.alreadyRequested'));
      // Three arbitrators only if the other party agrees; until it answers, nobody is appointed.
      const sized =
        input.size === 3
          ? withConstitution(current, (record) => ({
              ...record,
              sizeRequest: { requestedBySide: side, answerBy: sizeAnswerBy, status: 'Pending' },
            }))
          : current;
      return {
        ...sized,
        tribunal: {
          status: 'Requested',
          size: input.size,
          requestedAt: now,
          requestedBy: caller.userId,
          requestedBySide: side,
          ...(input.note ? { note: input.note } : {}),
          members: [],
        },
      };
    },
    dispute,
  );
  // Its fees fall due now (docs/fees.md "The tribunal's advance"): the requester's administrative fee and each
  // party's share of the advance. The appointment's gate opens any a failure here left unopened.
  await openTribunalFees(deps, updated).catch((error: unknown) =>
    deps.log.error('Opening the tribunal request’s fees failed; the appointment opens them', {
      disputeId: dispute.id,
      error,
    }),
  );
  const common = {
    caseName: updated.name,
    ...(updated.caseNumber ? { caseNumber: updated.caseNumber } : {}),
    disputeId: dispute.id,
  };
  await notify(deps, {
    ...common,
    event: 'tribunalRequested',
    params: { side, size: input.size, ...(input.size === 3 ? { answerBy: sizeAnswerBy } : {}) },
    path: casePath(dispute.id, 'tribunal'),
    recipients: [updated.claimant.email, updated.respondent.email].filter(Boolean).map((email) => ({ email })),
  });
  // The tenant's administrators and the super-administrators appoint: they are told at once.
  await notify(deps, {
    ...common,
    event: 'tribunalRequestedAdmin',
    params: { side, size: input.size },
    path: APPOINTMENTS_PATH,
    recipients: await administrators(deps, updated.tenantId),
  });
  await recordCallerAction(deps, caller, client, {
    action: 'RequestTribunal',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `${side} asked for ${input.size === 3 ? 'three arbitrators' : 'a sole arbitrator'}`,
  });
  return toTribunalView(updated.tribunal!);
}
