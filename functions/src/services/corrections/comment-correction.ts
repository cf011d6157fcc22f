import { withinPeriod, type AwardAftercareView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { ConflictError } from '../../errors.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { notify } from '../notices/notify.js';
import { changeAward } from '../awards/change-award.js';
import { partyRecipients, tribunalRecipients } from '../award-delivery/party-recipients.js';
import { correctionNotice, findRequest, partySide, readIssuedAward, withRequest } from './correction-access.js';
import { aftercareView, correctionDocuments } from './get-award-aftercare.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/corrections/{requestId}/comments`: the other party comments on a
 * request while it is open and its period runs (the last day counts whole, Helsinki time). The requesting
 * side and the tribunal are mailed the comment. Audited.
 */
export async function commentCorrection(
  deps: Pick<Deps, 'store' | 'clock' | 'log' | 'mailer' | 'config' | 'blobs' | 'stepProbe'>,
  caller: Caller,
  input: { disputeId: string; awardId: string; requestId: string; text: string },
  client: ClientInfo,
): Promise<AwardAftercareView> {
  const { dispute, role, award } = await readIssuedAward(deps, caller, input.disputeId, input.awardId);
  const side = partySide(role);
  const now = deps.clock.now();
  const written = await changeAward(deps, dispute.id, award.id, (current) => {
    const request = findRequest(current, input.requestId);
    if (request.status !== 'Open') throw new ConflictError(refusal('corrections.notOpen'));
    if (request.side === side) throw new ConflictError(refusal('corrections.ownRequest'));
    if (!withinPeriod(now, request.commentUntil)) throw new ConflictError(refusal('corrections.commentLate'));
    const comment = { side, userId: caller.userId, name: caller.email, text: input.text, at: now.toISOString() };
    return withRequest(current, { ...request, comments: [...request.comments, comment] });
  });
  const request = findRequest(written, input.requestId);
  await recordCallerAction(deps, caller, client, {
    action: 'CommentCorrection',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `The ${side} commented on request ${request.id} (${request.kind}) of award ${award.id}`,
  });
  const notice = correctionNotice(dispute, award);
  await notify(deps, {
    ...notice,
    event: 'correctionStep',
    params: {
      step: 'commented',
      by: side,
      requestSide: request.side,
      kind: request.kind,
      text: input.text,
      commentUntil: request.commentUntil,
    },
    recipients: [
      ...partyRecipients(dispute)
        .filter((recipient) => recipient.side === request.side)
        .map(({ email }) => ({ email })),
      ...tribunalRecipients(dispute).map((email) => ({ email })),
    ],
  });
  return aftercareView(dispute, written, await correctionDocuments(deps, dispute.id, award.id), false);
}
