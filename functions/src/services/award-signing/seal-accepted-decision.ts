import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { StoreConflictError } from '../../ports/store.js';
import { recordAudit } from '../audit/record-audit.js';
import type { AwardDocument } from '../awards/award-document.js';
import * as W from '../awards/award-wording-fi.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { sealPdf } from '../signing/seal-pdf.js';
import { keepSealedDecision } from '../awards/keep-write-once-originals.js';

/**
 * When both parties have accepted an AI decision, the service seals that PDF: its own PAdES signature added
 * by incremental update, so the bytes the parties accepted are the sealed file's first bytes, unchanged, and
 * either party can show the file unaltered. The sealed PDF becomes the decision's file (the attachment and
 * the decision record); the audit chain records both hashes and the seal certificate. Idempotent: a sealed
 * decision is left as it is. A failure is audited and logged, never thrown: the acceptances stand.
 */
export async function sealAcceptedDecision(
  deps: Deps,
  dispute: DisputeDocument,
  awardId: string,
): Promise<{ sha256: string } | undefined> {
  const audit = {
    action: 'SealDecision' as const,
    entityType: 'Dispute',
    entityId: dispute.id,
    tenantId: dispute.tenantId,
  };
  try {
    const awards = deps.store.collection<AwardDocument>('awards');
    const award = await awards.read(dispute.id, awardId);
    const attachment = dispute.phases
      .find((phase) => phase.type === 'Resolution')
      ?.attachments.find((file) => file.id === awardId);
    if (!award || award.kind !== 'aiDecision' || !attachment?.blobName) throw new Error('No AI decision to seal.');
    if (award.sealedAt) return { sha256: award.pdfSha256 };
    const accepted = await deps.blobs.downloadBuffer('attachments', attachment.blobName);
    if (!accepted) throw new Error(`The decision's PDF ${attachment.blobName} is missing.`);
    const acceptedSha256 = createHash('sha256').update(accepted).digest('hex');
    const sealed = await sealPdf(deps, accepted, { reason: W.SIGNATURE_BLOCK.sealReason });
    const blobName = `${dispute.id}/decision-${awardId}-sealed.pdf`;
    await deps.blobs.upload('attachments', blobName, Buffer.from(sealed.pdf), { contentType: 'application/pdf' });
    const sealedAt = deps.clock.now().toISOString();
    try {
      const { _etag, ...rest } = award;
      await awards.replace(
        { ...rest, pdfBlobName: blobName, pdfSha256: sealed.sha256, sealedAt, acceptedPdfSha256: acceptedSha256 },
        { ifMatch: _etag },
      );
    } catch (error) {
      if (error instanceof StoreConflictError) return undefined; // another request sealed it meanwhile
      throw error;
    }
    await keepSealedDecision(deps, { disputeId: dispute.id, id: awardId, pdf: sealed.pdf });
    await changeDispute(deps, dispute.id, (current) => ({
      ...current,
      phases: current.phases.map((phase) => ({
        ...phase,
        attachments: phase.attachments.map((file) =>
          file.id === awardId ? { ...file, blobName, size: sealed.pdf.byteLength } : file,
        ),
      })),
    }));
    await recordAudit(deps, {
      ...audit,
      success: true,
      details:
        `AI decision ${awardId} (${award.caseNumber}) accepted by both parties, sealed by the service: ` +
        `accepted pdf sha256 ${acceptedSha256}; sealed pdf sha256 ${sealed.sha256}; ` +
        `seal certificate sha256 ${sealed.certificateFingerprint}`,
    });
    return { sha256: sealed.sha256 };
  } catch (error) {
    deps.log.error('Sealing an accepted decision failed', { disputeId: dispute.id, awardId, error });
    await recordAudit(deps, { ...audit, success: false, errorMessage: 'The accepted decision could not be sealed.' });
    return undefined;
  }
}
