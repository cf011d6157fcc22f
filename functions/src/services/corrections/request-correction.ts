import { randomUUID } from 'node:crypto';
import {
  addCalendarDays,
  awardDeadlines,
  DEFAULT_COMMENT_DAYS,
  helsinkiCalendarDate,
  withinPeriod,
  type AwardAftercareView,
  type RequestCorrection,
  refusal,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { ConflictError } from '../../errors.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { AwardReceiptRecord, CorrectionRequestRecord } from '../awards/award-document.js';
import { changeAward } from '../awards/change-award.js';
import { partyRecipients, tribunalRecipients } from '../award-delivery/party-recipients.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { otherSide, partySide, readIssuedAward } from './correction-access.js';
import { aftercareView, correctionDocuments } from './get-award-aftercare.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/corrections`: within 30 days of receiving the award a party asks the
 * tribunal to correct a clerical or calculation error, to interpret the award, or to give an additional award
 * on a claim it did not decide (§§ 38–39). After the 30 days (Helsinki dates, 150/1930) the answer is a 409.
 * A request by a side that had not yet acknowledged or opened the award shows it has it: it is recorded as
 * that side's receipt. The other party is mailed the request and its period to comment (14 days unless the
 * tribunal sets another), the tribunal too. Audited.
 */
export async function requestCorrection(
  deps: Pick<Deps, 'store' | 'clock' | 'log' | 'mailer' | 'config' | 'blobs' | 'stepProbe'>,
  caller: Caller,
  input: { disputeId: string; awardId: string; request: RequestCorrection },
  client: ClientInfo,
): Promise<AwardAftercareView> {
  const { dispute, role, award } = await readIssuedAward(deps, caller, input.disputeId, input.awardId);
  const side = partySide(role);
  const now = deps.clock.now();
  const at = now.toISOString();
  const request: CorrectionRequestRecord = {
    id: randomUUID(),
    kind: input.request.kind,
    side,
    userId: caller.userId,
    name: caller.email,
    text: input.request.text,
    requestedAt: at,
    commentUntil: addCalendarDays(helsinkiCalendarDate(now), DEFAULT_COMMENT_DAYS),
    comments: [],
    status: 'Open',
  };
  const written = await changeAward(deps, dispute.id, award.id, (current) => {
    const receipt = (current.partyReceipts ?? []).find((entry) => entry.side === side);
    if (receipt) {
      const last = awardDeadlines(receipt.at).find((deadline) => deadline.kind === 'correction')!.date;
      if (!withinPeriod(now, last)) throw new ConflictError(refusal('corrections.requestLate'));
    }
    const receipts: AwardReceiptRecord[] = receipt
      ? (current.partyReceipts ?? [])
      : [
          ...(current.partyReceipts ?? []),
          { side, userId: caller.userId, name: caller.email, at, how: 'acknowledged' },
        ];
    return {
      ...current,
      partyReceipts: receipts,
      correctionRequests: [...(current.correctionRequests ?? []), request],
    };
  });
  await recordCallerAction(deps, caller, client, {
    action: 'RequestCorrection',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `The ${side} requests ${request.kind} of award ${award.id} (request ${request.id}); comments until ${request.commentUntil}`,
  });
  const common = {
    caseName: dispute.name,
    caseNumber: award.caseNumber,
    disputeId: dispute.id,
    path: casePath(dispute.id),
    ...(dispute.language ? { fallbackLanguage: dispute.language } : {}),
  };
  const params = { side, kind: request.kind, text: request.text, commentUntil: request.commentUntil };
  await notify(deps, {
    ...common,
    event: 'correctionRequested',
    params: { ...params, audience: 'otherParty' },
    recipients: partyRecipients(dispute)
      .filter((recipient) => recipient.side === otherSide(side))
      .map(({ email }) => ({ email })),
  });
  await notify(deps, {
    ...common,
    event: 'correctionRequested',
    params: { ...params, audience: 'tribunal' },
    recipients: tribunalRecipients(dispute).map((email) => ({ email })),
  });
  return aftercareView(dispute, written, await correctionDocuments(deps, dispute.id, award.id), false);
}
