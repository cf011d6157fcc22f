import {
  awardDeadlines,
  awardDeadlinesAfterRequests,
  type AwardDeadline,
  CORRECTION_PERIOD_DAYS,
  helsinkiCalendarDate,
  periodEnd,
  type AwardAftercareView,
  type AwardDeliveryView,
  type CaseLanguage,
  type CorrectionDocumentView,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { fixesArbitratorsFees, type AwardDocument } from '../awards/award-document.js';
import { tribunalDocumentFileName } from '../award-delivery/award-mails.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { readIssuedAward } from './correction-access.js';

/**
 * `GET /api/dispute/{id}/award/{awardId}/delivery`: the award after its issue, for both parties and the
 * tribunal — the delivery mails and each side's receipt, the periods from each receipt as dates, the requests
 * under §§ 38–39 with comments and decisions, and the documents the tribunal issued on them.
 */
export async function getAwardAftercare(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  input: { disputeId: string; awardId: string },
): Promise<AwardAftercareView> {
  const { dispute, role, award } = await readIssuedAward(deps, caller, input.disputeId, input.awardId);
  const documents = await correctionDocuments(deps, dispute.id, award.id);
  return aftercareView(dispute, award, documents, role === 'tribunal');
}

/** The correction, interpretation and additional-award records that refer to an award, oldest first. */
export async function correctionDocuments(
  deps: Pick<Deps, 'store'>,
  disputeId: string,
  awardId: string,
): Promise<AwardDocument[]> {
  const page = await deps.store.collection<AwardDocument>('awards').query({
    partitionKey: disputeId,
    where: [{ field: 'refersTo', op: '=', value: awardId }],
    limit: 200,
  });
  return page.items.sort((a, b) => (a.adoptedAt ?? '').localeCompare(b.adoptedAt ?? ''));
}

export function aftercareView(
  dispute: DisputeDocument,
  award: AwardDocument,
  documents: AwardDocument[],
  forTribunal: boolean,
): AwardAftercareView {
  const seated = (dispute.tribunal?.members ?? []).filter((member) => member.status === 'Accepted').length;
  const issuedAt = award.issuedAt ?? award.adoptedAt ?? '';
  const receipts = (award.partyReceipts ?? []).map(({ side, at, how, name }) => ({ side, at, how, name }));
  // § 47 concerns an order on the arbitrators' fees: an award without one runs no such period.
  const fixesFees = fixesArbitratorsFees(award);
  const applicable = (deadlines: AwardDeadline[]) =>
    fixesFees ? deadlines : deadlines.filter((deadline) => deadline.kind !== 'feeChallenge');
  const deliveries = deliveriesOf(award);
  return {
    awardId: award.id,
    caseNumber: award.caseNumber,
    issuedAt,
    deliveries,
    receipts,
    fixesFees,
    deadlines: receipts.map((receipt) => ({
      side: receipt.side,
      receivedAt: receipt.at,
      // § 41(3): after a request under §§ 38–39 the challenge period runs from this side's receipt of the
      // tribunal's decision on it (a granted request's correction, a rejected one's decision).
      deadlines: applicable(
        awardDeadlinesAfterRequests(
          receipt.at,
          (award.correctionRequests ?? []).map((request) => {
            const decision = documents.find((document) => document.requestId === request.id);
            const decisionReceipt =
              decision?.status === 'Issued'
                ? decision.partyReceipts?.find((candidate) => candidate.side === receipt.side)
                : undefined;
            return {
              decided: request.status !== 'Open',
              ...(decisionReceipt ? { decisionReceivedAt: decisionReceipt.at } : {}),
            };
          }),
        ),
      ),
    })),
    fromDelivery: (['claimant', 'respondent'] as const).flatMap((side) => {
      if (receipts.some((receipt) => receipt.side === side)) return [];
      const delivered = deliveries
        .filter((delivery) => delivery.side === side && !delivery.failed && !delivery.pending)
        .map((delivery) => delivery.at)
        .sort()[0];
      return delivered ? [{ side, deliveredAt: delivered, deadlines: applicable(awardDeadlines(delivered)) }] : [];
    }),
    ownInitiativeUntil: periodEnd(helsinkiCalendarDate(issuedAt), { days: CORRECTION_PERIOD_DAYS }),
    requests: (award.correctionRequests ?? []).map((request) => ({
      id: request.id,
      kind: request.kind,
      side: request.side,
      name: request.name,
      text: request.text,
      requestedAt: request.requestedAt,
      commentUntil: request.commentUntil,
      comments: request.comments.map(({ side, name, text, at }) => ({ side, name, text, at })),
      status: request.status,
      ...(request.decidedAt ? { decidedAt: request.decidedAt } : {}),
      ...(request.decidedBy ? { decidedBy: request.decidedBy } : {}),
      ...(request.reasons ? { reasons: request.reasons } : {}),
      ...(request.documentId ? { documentId: request.documentId } : {}),
    })),
    // The parties see a document once it is issued; the tribunal also while it awaits signatures.
    documents: documents
      .filter((document) => forTribunal || document.status === 'Issued')
      .map((document) => documentView(document, seated, dispute.language)),
  };
}

/** Each § 37 mail's outcome, and each mail written to the outbox that has none yet (pending). */
function deliveriesOf(document: AwardDocument): AwardDeliveryView[] {
  const recorded: AwardDeliveryView[] = (document.deliveries ?? []).map((delivery) => ({
    side: delivery.side,
    email: delivery.email,
    at: delivery.at,
    ...(delivery.messageId ? { messageId: delivery.messageId } : {}),
    attached: delivery.attached,
    ...(delivery.error ? { failed: true } : {}),
  }));
  const settled = new Set((document.deliveries ?? []).map((delivery) => delivery.mailId));
  const pending: AwardDeliveryView[] = (document.deliveryMails ?? [])
    .filter((mail) => !settled.has(mail.mailId))
    .map((mail) => ({ side: mail.side, email: mail.email, at: mail.at, attached: false, pending: true }));
  return [...recorded, ...pending];
}

function documentView(document: AwardDocument, seated: number, language?: CaseLanguage): CorrectionDocumentView {
  return {
    id: document.id,
    kind: document.kind as CorrectionDocumentView['kind'],
    refersTo: document.refersTo ?? '',
    ...(document.requestId ? { requestId: document.requestId } : {}),
    ...(document.rejection ? { rejection: true as const } : {}),
    status: document.status === 'Issued' ? 'Issued' : 'Adopted',
    text: document.chapters[0]?.text ?? '',
    ...(document.adoptedAt ? { adoptedAt: document.adoptedAt } : {}),
    ...(document.issuedAt ? { issuedAt: document.issuedAt } : {}),
    pdfSha256: document.pdfSha256,
    fileName: tribunalDocumentFileName(document, language),
    signatures: document.signatures.map(({ userId, name, title, signedAt }) => ({ userId, name, title, signedAt })),
    requiredSignatures: Math.max(1, seated - document.notSigning.length),
    deliveries: deliveriesOf(document),
    receipts: (document.partyReceipts ?? []).map(({ side, at, how, name }) => ({ side, at, how, name })),
  };
}
