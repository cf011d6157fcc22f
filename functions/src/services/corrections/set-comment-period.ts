import { addCalendarDays, helsinkiCalendarDate, type AwardAftercareView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { ConflictError } from '../../errors.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { notify } from '../notices/notify.js';
import { changeAward } from '../awards/change-award.js';
import { partyRecipients } from '../award-delivery/party-recipients.js';
import { correctionNotice, findRequest, readIssuedAward, seatedMember, withRequest } from './correction-access.js';
import { aftercareView, correctionDocuments } from './get-award-aftercare.js';

/**
 * `PUT /api/dispute/{id}/award/{awardId}/corrections/{requestId}/comment-period`: a member of the tribunal
 * sets the other party's period to comment, in days from the request (default 14). Both parties are mailed
 * the new last day. Audited.
 */
export async function setCommentPeriod(
  deps: Pick<Deps, 'store' | 'clock' | 'log' | 'mailer' | 'config' | 'blobs' | 'stepProbe'>,
  caller: Caller,
  input: { disputeId: string; awardId: string; requestId: string; days: number },
  client: ClientInfo,
): Promise<AwardAftercareView> {
  const issued = await readIssuedAward(deps, caller, input.disputeId, input.awardId);
  const member = seatedMember(issued);
  const { dispute, award } = issued;
  const written = await changeAward(deps, dispute.id, award.id, (current) => {
    const request = findRequest(current, input.requestId);
    if (request.status !== 'Open') throw new ConflictError(refusal('corrections.notOpen'));
    const commentUntil = addCalendarDays(helsinkiCalendarDate(request.requestedAt), input.days);
    return withRequest(current, { ...request, commentUntil });
  });
  const request = findRequest(written, input.requestId);
  await recordCallerAction(deps, caller, client, {
    action: 'SetCommentPeriod',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `${member.name} set the period for comments on request ${request.id} to ${input.days} days: until ${request.commentUntil}`,
  });
  const notice = correctionNotice(dispute, award);
  await notify(deps, {
    ...notice,
    event: 'correctionStep',
    params: { step: 'periodSet', requestSide: request.side, kind: request.kind, commentUntil: request.commentUntil },
    recipients: partyRecipients(dispute).map(({ email }) => ({ email })),
  });
  return aftercareView(dispute, written, await correctionDocuments(deps, dispute.id, award.id), true);
}
