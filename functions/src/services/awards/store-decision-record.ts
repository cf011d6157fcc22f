import type { Deps } from '../../deps.js';
import { ensureCaseNumber } from '../disputes/case-number.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { AwardDocument } from './award-document.js';
import { awardFrameInput } from './award-frame-data.js';
import type { AwardFrameKind } from './award-frame.js';
import { toFlag, type DraftForRecord } from './flags.js';
import { renderAwardPdf } from './render-award.js';
import { awardProvenance } from './ai-provenance.js';
import { modelDeployment } from '../ai-use/ai-use-details.js';
import { versionBlobName, writeVersionText } from './award-versions.js';

export interface DecisionJobFacts {
  disputeId: string;
  attachmentId: string;
  kind: 'aiDecision' | 'award';
  settings: AwardDocument['settings']['settings'];
  settingsBy?: {
    userId: string;
    name: string;
    side: 'claimant' | 'respondent' | 'tribunal';
    at: string;
    sha256: string;
  };
}

/**
 * Keeps a finished generation: the record in 'awards' (id = the attachment's) with the AI's text as
 * version 1, and its PDF in the frame — an AI decision (or the offline extract), or the tribunal's draft.
 */
export async function storeDecisionRecord(
  deps: Deps,
  input: { dispute: DisputeDocument; input: DecisionJobFacts; jobId: string; draft: DraftForRecord },
): Promise<{ blobName: string; size: number; sha256: string; pdf: Buffer }> {
  const { dispute, draft } = input;
  const facts = input.input;
  const caseNumber = await ensureCaseNumber(deps, dispute);
  const now = deps.clock.now();
  const chapters = draft.chapters.map(({ heading, text }) => ({ heading, text }));
  const blobName = `${dispute.id}/decision-${facts.attachmentId}-v1.pdf`;
  const versionBlob = versionBlobName(dispute.id, facts.attachmentId, 1);
  const setBy = facts.settingsBy ?? {
    userId: 'unknown',
    name: 'unknown',
    side: 'claimant' as const,
    at: draft.production.generatedAt,
    sha256: '',
  };
  const award: AwardDocument = {
    id: facts.attachmentId,
    pk: dispute.id,
    disputeId: dispute.id,
    kind: facts.kind,
    status: facts.kind === 'award' ? 'Draft' : 'Issued',
    caseNumber,
    jobId: input.jobId,
    settings: {
      settings: facts.settings,
      setBy: { userId: setBy.userId, name: setBy.name, side: setBy.side },
      setAt: setBy.at,
      sha256: setBy.sha256,
    },
    production: { ...draft.production, deployment: modelDeployment(deps.config.model) },
    aiChapters: chapters,
    chapters,
    ...(draft.dispositive ? { aiDispositive: draft.dispositive, dispositive: draft.dispositive } : {}),
    version: 1,
    versions: [
      {
        version: 1,
        savedAt: now.toISOString(),
        savedBy: { userId: 'ai', name: draft.production.offline ? 'Offline extract' : draft.production.model },
        source: 'ai',
        blobName: versionBlob,
      },
    ],
    flagged: draft.report.unverified.map((item) => toFlag(item, chapters)),
    checkedReferences: draft.report.checked,
    injections: draft.injections,
    documents: draft.documents,
    pdfBlobName: blobName,
    pdfSha256: '',
    notSigning: [],
    signatures: [],
  };
  const kind: AwardFrameKind =
    facts.kind === 'award' ? 'draftAward' : draft.production.offline ? 'offlineExtract' : 'aiDecision';
  const { pdf, sha256 } = await renderAwardPdf(
    await awardFrameInput(deps, { ...dispute, caseNumber }, award, kind, now),
    awardProvenance(award, kind, dispute),
  );
  await writeVersionText(deps, versionBlob, { chapters, dispositive: award.dispositive });
  await deps.blobs.upload('attachments', blobName, pdf, { contentType: 'application/pdf' });
  await deps.store.collection<AwardDocument>('awards').upsert({ ...award, pdfSha256: sha256 });
  return { blobName, size: pdf.byteLength, sha256, pdf };
}

/** Undoes storeDecisionRecord for a generation that did not land (stopped meanwhile). */
export async function discardDecisionRecord(
  deps: Pick<Deps, 'store' | 'blobs'>,
  target: { disputeId: string; attachmentId: string },
  blobName: string,
): Promise<void> {
  await deps.blobs.delete('attachments', blobName).catch(() => false);
  await deps.blobs.delete('attachments', versionBlobName(target.disputeId, target.attachmentId, 1)).catch(() => false);
  await deps.store
    .collection<AwardDocument>('awards')
    .delete(target.disputeId, target.attachmentId)
    .catch(() => false);
}

export { toFlag, type DraftForRecord };
