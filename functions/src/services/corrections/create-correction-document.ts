import { randomUUID } from 'node:crypto';
import type { CorrectionKind } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { AwardDocument, CorrectionRequestRecord } from '../awards/award-document.js';
import { renderCorrectionPdf } from '../awards/render-correction.js';
import type { DisputeDocument, TribunalMemberRecord } from '../disputes/dispute-document.js';

/**
 * The document a decision on a request (a grant, or a rejection with its reasons) or an own-initiative
 * correction makes: a new record in 'awards' (kind correction,
 * interpretation or additionalAward, `refersTo` the award), adopted at once by the chair's decision and
 * rendered to its PDF, so the members sign it through sign-award.ts exactly as they signed the award and it
 * is issued and delivered the same way. The award's own record and PDF are never touched. The members named
 * as not signing the award are not asked to sign this either (with the same reason).
 */
export async function createCorrectionDocument(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock'>,
  input: {
    dispute: DisputeDocument;
    award: AwardDocument;
    kind: CorrectionKind;
    request?: CorrectionRequestRecord;
    /** The tribunal rejects `request`; `text` is its reasons. */
    rejection?: boolean;
    text: string;
    chair: TribunalMemberRecord;
  },
): Promise<AwardDocument> {
  const { dispute, award, kind, request } = input;
  const now = deps.clock.now();
  const id = randomUUID();
  const notSigning = award.notSigning;
  const { pdf, sha256 } = await renderCorrectionPdf({
    dispute,
    award,
    document: { kind, notSigning },
    ...(request ? { request } : {}),
    ...(input.rejection ? { rejection: true } : {}),
    text: input.text,
    date: now,
  });
  const blobName = `${dispute.id}/${input.rejection ? 'rejection' : kind}-${id}.pdf`;
  await deps.blobs.upload('attachments', blobName, pdf, { contentType: 'application/pdf' });
  const chapter = { heading: kind, text: input.text };
  const document: AwardDocument = {
    id,
    pk: dispute.id,
    disputeId: dispute.id,
    kind,
    refersTo: award.id,
    ...(request ? { requestId: request.id } : {}),
    ...(input.rejection ? { rejection: true as const } : {}),
    status: 'Adopted',
    caseNumber: award.caseNumber,
    jobId: award.jobId,
    settings: award.settings,
    production: award.production,
    aiChapters: [],
    chapters: [chapter],
    version: 1,
    versions: [
      {
        version: 1,
        savedAt: now.toISOString(),
        savedBy: { userId: input.chair.userId, name: input.chair.name },
        source: 'tribunal',
        blobName,
      },
    ],
    flagged: [],
    checkedReferences: 0,
    injections: [],
    documents: [],
    pdfBlobName: blobName,
    pdfSha256: sha256,
    adoptedAt: now.toISOString(),
    adoptedBy: input.chair.userId,
    notSigning,
    signatures: [],
  };
  return deps.store.collection<AwardDocument>('awards').create(document);
}
