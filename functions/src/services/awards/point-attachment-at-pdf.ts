import type { Deps } from '../../deps.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { AwardDocument } from './award-document.js';

/**
 * Sign what you see: the decision's attachment (what "Download draft PDF" and the sign dialog open) serves
 * the award's current PDF — the adopted one, then the one with each signature added — never an older draft.
 */
export async function pointAttachmentAtPdf(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock'>,
  dispute: DisputeDocument,
  award: AwardDocument,
): Promise<DisputeDocument> {
  const size = (await deps.blobs.properties('attachments', award.pdfBlobName))?.size;
  return changeDispute(deps, dispute.id, (current) => ({
    ...current,
    phases: current.phases.map((phase) => ({
      ...phase,
      attachments: phase.attachments.map((file) =>
        file.id === award.id && file.blobName !== award.pdfBlobName
          ? { ...file, blobName: award.pdfBlobName, ...(size !== undefined ? { size } : {}) }
          : file,
      ),
    })),
  }));
}
