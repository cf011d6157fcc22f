import { type AwardView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { Stored } from '../../ports/store.js';
import { memberOf, readCaseForReader } from '../disputes/dispute-access.js';
import type { CaseRole, DisputeDocument, PhaseAttachment, TribunalMemberRecord } from '../disputes/dispute-document.js';
import type { AwardDocument } from './award-document.js';
import { awardProvenance, toAiProvenance } from './ai-provenance.js';
import { chapterReview } from './chapter-review.js';

/**
 * Reads a decision's record for a reader of the case: the tribunal sees its drafts; a party sees an AI
 * decision and an issued award, never a tribunal's working draft (404, as for anything not theirs).
 */
export async function readAwardForReader(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  disputeId: string,
  awardId: string,
): Promise<{
  dispute: Stored<DisputeDocument>;
  role: CaseRole;
  member?: TribunalMemberRecord;
  award: Stored<AwardDocument>;
  attachment: PhaseAttachment;
}> {
  const { dispute, role } = await readCaseForReader(deps, caller, disputeId);
  const award = await deps.store.collection<AwardDocument>('awards').read(disputeId, awardId);
  // A correction, interpretation or additional award has no file of its own in the phase: it belongs to its award's.
  const attachmentId = award?.refersTo ?? awardId;
  const attachment = dispute.phases
    .find((phase) => phase.type === 'Resolution')
    ?.attachments.find((file) => file.id === attachmentId);
  if (!award || !attachment || award.disputeId !== dispute.id)
    throw new NotFoundError(refusal('tribunal.awardNotFound'));
  const member = memberOf(dispute, caller.userId);
  if (role !== 'tribunal' && award.kind !== 'aiDecision' && award.status !== 'Issued') {
    throw new NotFoundError(refusal('tribunal.awardNotFound'));
  }
  return { dispute, role, ...(member ? { member } : {}), award, attachment };
}

export function toAwardView(award: AwardDocument, dispute: DisputeDocument): AwardView {
  const seated = (dispute.tribunal?.members ?? []).filter((member) => member.status === 'Accepted');
  return {
    id: award.id,
    disputeId: award.disputeId,
    status: award.status,
    caseNumber: award.caseNumber,
    version: award.version,
    chapters: award.chapters,
    aiChapters: award.aiChapters,
    ...(award.dispositive ? { dispositive: award.dispositive } : {}),
    ...(award.costs ? { costs: award.costs } : {}),
    versions: award.versions.map(({ version, savedAt, savedBy, source }) => ({ version, savedAt, savedBy, source })),
    flagged: award.flagged,
    checkedReferences: award.checkedReferences,
    injections: award.injections,
    settings: award.settings,
    ...(award.adoptedAt ? { adoptedAt: award.adoptedAt } : {}),
    ...(award.adoptedBy ? { adoptedBy: award.adoptedBy } : {}),
    ...(award.status !== 'Draft' ? { pdfSha256: award.pdfSha256 } : {}),
    notSigning: award.notSigning,
    signatures: award.signatures,
    requiredSignatures: award.kind !== 'aiDecision' ? Math.max(1, seated.length - award.notSigning.length) : 0,
    ...(award.issuedAt ? { issuedAt: award.issuedAt } : {}),
    documents: award.documents.map(({ code, fileId, fileName, pages }) => ({ code, fileId, fileName, pages })),
    aiProvenance: toAiProvenance(awardProvenance(award, awardDocumentKind(award), dispute)),
    ...(award.kind === 'award' ? { chapterReview: chapterReview(award) } : {}),
  };
}

/** What the decision's PDF is, as the frame and the AI marking name it. */
export function awardDocumentKind(award: Pick<AwardDocument, 'kind' | 'status' | 'production'>): string {
  if (award.kind === 'award') return award.status === 'Draft' ? 'draftAward' : 'award';
  return award.production.offline ? 'offlineExtract' : 'aiDecision';
}
