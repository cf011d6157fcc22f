import { CORRECTION_MESSAGES, withinPeriod, type AwardAftercareView, type DecideCorrection } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { ConflictError } from '../../errors.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { AwardDocument, CorrectionRequestRecord } from '../awards/award-document.js';
import { correctionStepMail, REQUEST_NAMES } from '../awards/award-mails.js';
import { changeAward } from '../awards/change-award.js';
import { partyRecipients, tribunalRecipients } from '../awards/party-recipients.js';
import { caseLink } from '../disputes/dispute-mails.js';
import { createCorrectionDocument } from './create-correction-document.js';
import { findRequest, readIssuedAward, seatedMember, withRequest } from './correction-access.js';
import { sendNotices } from './correction-notices.js';
import { aftercareView, correctionDocuments } from './get-award-aftercare.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/corrections/{requestId}/decision`: the chair (or the sole
 * arbitrator) decides a request. A rejection states its reasons and ends the request. A grant needs the other
 * party heard — its comment in, or its period over — and makes the correction, interpretation or additional
 * award as its own document (create-correction-document.ts), which the members then sign as they signed the
 * award; once signed it is issued and delivered. Both parties and the tribunal are mailed. Audited (a grant
 * with the new PDF's SHA-256).
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
    if (request.status !== 'Open') throw new ConflictError(CORRECTION_MESSAGES.notOpen);
    return request;
  };
  const decided = { decidedAt: now.toISOString(), decidedBy: chair.name };

  let written: AwardDocument;
  let document: AwardDocument | undefined;
  if (input.decision.outcome === 'reject') {
    const reasons = input.decision.reasons;
    written = await changeAward(deps, dispute.id, award.id, (current) =>
      withRequest(current, { ...open(current), status: 'Rejected', reasons, ...decided }),
    );
  } else {
    const request = open(award);
    const heard = request.comments.some((comment) => comment.side !== request.side);
    if (!heard && withinPeriod(now, request.commentUntil))
      throw new ConflictError(CORRECTION_MESSAGES.commentPeriodOpen);
    document = await createCorrectionDocument(deps, {
      dispute,
      award,
      kind: request.kind,
      request,
      text: input.decision.text,
      chair,
    });
    const documentId = document.id;
    try {
      written = await changeAward(deps, dispute.id, award.id, (current) =>
        withRequest(current, { ...open(current), status: 'Granted', documentId, ...decided }),
      );
    } catch (error) {
      // Decided by someone else meanwhile: the document made for this decision must not stay behind.
      await deps.store
        .collection<AwardDocument>('awards')
        .delete(dispute.id, documentId)
        .catch(() => false);
      throw error;
    }
  }

  const request = findRequest(written, input.requestId);
  await recordCallerAction(deps, caller, client, {
    action: document ? 'GrantCorrection' : 'RejectCorrection',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: document
      ? `${chair.name} granted request ${request.id} (${request.kind}) of award ${award.id}: ${document.kind} ${document.id} adopted; pdf sha256 ${document.pdfSha256}`
      : `${chair.name} rejected request ${request.id} (${request.kind}) of award ${award.id}`,
  });
  const link = caseLink(deps.config.publicUrl, dispute.id);
  const what = REQUEST_NAMES[request.kind];
  const partyLines = document
    ? [
        `The tribunal has granted the ${request.side}'s request for ${what}.`,
        'Its decision is a document of its own that refers to the award (the award itself does not change); it will be',
        'mailed to you with the signed PDF once the tribunal has signed it.',
      ]
    : [`The tribunal has rejected the ${request.side}'s request for ${what}. Its reasons:`, '', request.reasons ?? ''];
  await sendNotices(deps, dispute.id, [
    ...partyRecipients(dispute).map((recipient) =>
      correctionStepMail(recipient.email, {
        caseName: dispute.name,
        caseNumber: award.caseNumber,
        link,
        subject: document
          ? `the tribunal has granted a request for ${what}`
          : `the tribunal has rejected a request for ${what}`,
        lines: partyLines,
      }),
    ),
    ...(document
      ? tribunalRecipients(dispute)
          .filter((email) => email !== chair.email)
          .map((email) =>
            correctionStepMail(email, {
              caseName: dispute.name,
              caseNumber: award.caseNumber,
              link,
              subject: 'a decision under §§ 38–39 awaits your signature',
              lines: [
                `${chair.name} has adopted the tribunal's decision on the request for ${what}. Sign it on the case page.`,
              ],
            }),
          )
      : []),
  ]);
  return aftercareView(dispute, written, await correctionDocuments(deps, dispute.id, award.id), true);
}
