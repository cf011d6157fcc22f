import { withinPeriod, type AwardAftercareView, type DecideCorrection, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { ConflictError } from '../../errors.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { AwardDocument, CorrectionRequestRecord } from '../awards/award-document.js';
import { notify } from '../notices/notify.js';
import { changeAward } from '../awards/change-award.js';
import { partyRecipients, tribunalRecipients } from '../award-delivery/party-recipients.js';
import { createCorrectionDocument } from './create-correction-document.js';
import { correctionNotice, findRequest, readIssuedAward, seatedMember, withRequest } from './correction-access.js';
import { aftercareView, correctionDocuments } from './get-award-aftercare.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/corrections/{requestId}/decision`: the chair (or the sole
 * arbitrator) decides a request. A grant needs the other party heard — its comment in, or its period over.
 * Either way the decision is its own document (create-correction-document.ts): the correction,
 * interpretation or additional award, or the decision rejecting the request with its reasons and the § 41(3)
 * notice; the members sign it as they signed the award, and once signed it is issued and delivered. Both
 * parties and the tribunal are mailed. Audited with the new PDF's SHA-256.
 */
export async function decideCorrection(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log' | 'mailer' | 'config'>,
  caller: Caller,
  input: { disputeId: string; awardId: string; requestId: string; decision: DecideCorrection },
  client: ClientInfo,
): Promise<AwardAftercareView> {
  const issued = await readIssuedAward(deps, caller, input.disputeId, input.awardId);
  const chair = seatedMember(issued, { chair: true });
  const { dispute, award } = issued;
  const now = deps.clock.now();
  const open = (current: AwardDocument): CorrectionRequestRecord => {
    const request = findRequest(current, input.requestId);
    if (request.status !== 'Open') throw new ConflictError(refusal('corrections.notOpen'));
    return request;
  };
  const decided = { decidedAt: now.toISOString(), decidedBy: chair.name };

  const granted = input.decision.outcome !== 'reject';
  const pending = open(award);
  if (granted) {
    const heard = pending.comments.some((comment) => comment.side !== pending.side);
    if (!heard && withinPeriod(now, pending.commentUntil))
      throw new ConflictError(refusal('corrections.commentPeriodOpen'));
  }
  // Granted or rejected, the decision is the tribunal's own signed and delivered document (§ 41(3) counts the
  // time for a challenge from receipt of a copy of it): a correction, interpretation or additional award, or
  // the decision rejecting the request with its reasons.
  const document = await createCorrectionDocument(deps, {
    dispute,
    award,
    kind: pending.kind,
    request: pending,
    ...(input.decision.outcome === 'reject'
      ? { rejection: true, text: input.decision.reasons }
      : { text: input.decision.text }),
    chair,
  });
  const documentId = document.id;
  let written: AwardDocument;
  const outcome =
    input.decision.outcome === 'reject'
      ? { status: 'Rejected' as const, reasons: input.decision.reasons }
      : { status: 'Granted' as const };
  try {
    written = await changeAward(deps, dispute.id, award.id, (current) =>
      withRequest(current, { ...open(current), ...outcome, documentId, ...decided }),
    );
  } catch (error) {
    // Decided by someone else meanwhile: the document made for this decision must not stay behind.
    await deps.store
      .collection<AwardDocument>('awards')
      .delete(dispute.id, documentId)
      .catch(() => false);
    throw error;
  }

  const request = findRequest(written, input.requestId);
  await recordCallerAction(deps, caller, client, {
    action: granted ? 'GrantCorrection' : 'RejectCorrection',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: granted
      ? `${chair.name} granted request ${request.id} (${request.kind}) of award ${award.id}: ${document.kind} ${document.id} adopted; pdf sha256 ${document.pdfSha256}`
      : `${chair.name} rejected request ${request.id} (${request.kind}) of award ${award.id}: decision ${document.id} adopted; pdf sha256 ${document.pdfSha256}`,
  });
  const notice = correctionNotice(dispute, award);
  await notify(deps, {
    ...notice,
    event: 'correctionStep',
    params: granted
      ? { step: 'granted', requestSide: request.side, kind: request.kind }
      : { step: 'rejected', requestSide: request.side, kind: request.kind, reasons: request.reasons ?? '' },
    recipients: partyRecipients(dispute).map(({ email }) => ({ email })),
  });
  await notify(deps, {
    ...notice,
    event: 'correctionStep',
    params: { step: 'awaitsSignature', chairName: chair.name, kind: request.kind },
    recipients: tribunalRecipients(dispute)
      .filter((email) => email !== chair.email)
      .map((email) => ({ email })),
  });
  return aftercareView(dispute, written, await correctionDocuments(deps, dispute.id, award.id), true);
}
