import { randomUUID } from 'node:crypto';
import { MAX_FILES_PER_PHASE, refusal, type AttachmentView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { UploadForm } from '../../context/multipart.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { toAttachmentView, type PhaseAttachment } from '../disputes/dispute-document.js';
import { addPhaseAttachments } from './add-phase-attachments.js';
import { describeFiles } from './describe-files.js';
import { assertPhaseOpenTo, findPhase } from './phase-file-access.js';
import { queueUploadOcr } from '../documents/ocr-uploads.js';
import { deleteReceivedBlobs, receivePdfUploads } from './receive-pdf-uploads.js';

/**
 * `POST /{disputeId}/phases/{phaseId}/attachments`: adds PDFs to the active
 * phase of the caller's side, all or none.
 *
 * Blob first, metadata last: the files are streamed to blob storage, then the
 * case is written conditionally on its etag. When someone else wrote the case
 * meanwhile (another upload, a delete, Save and Send), the case is read again
 * and the rules are checked again on it (phase still active, names still
 * free), so two uploads at once both land or one gets a clear refusal, and
 * none is lost. A refused or failed request deletes the blobs it wrote.
 */
export async function uploadAttachments(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; phaseId: string; body: UploadForm },
  client: ClientInfo,
): Promise<AttachmentView[]> {
  // Refuse before reading a byte of the body when the phase is not the caller's to change.
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  const phase = findPhase(dispute, input.phaseId);
  assertPhaseOpenTo(dispute, phase, side);

  const received = await receivePdfUploads(deps, input.body, {
    container: 'attachments',
    blobPrefix: dispute.id,
    existingNames: phase.attachments.map((attachment) => attachment.fileName),
    fullMessage: refusal('uploads.phaseFull', { maxFiles: MAX_FILES_PER_PHASE }),
  });
  const dateCreated = deps.clock.now().toISOString();
  const added: PhaseAttachment[] = received.map((file) => ({
    id: randomUUID(),
    fileName: file.fileName,
    dateCreated,
    size: file.size,
    blobName: file.blobName,
    uploadedBy: caller.userId,
    sha256: file.sha256,
  }));

  try {
    await addPhaseAttachments(deps, { dispute, phaseId: phase.id, side }, () => added);
  } catch (error) {
    await deleteReceivedBlobs(
      deps,
      'attachments',
      received.map((file) => file.blobName),
    );
    throw error;
  }

  await recordCallerAction(deps, caller, client, {
    action: 'UploadFile',
    entityType: 'Attachment',
    entityId: dispute.id,
    details: `${phase.type}: ${describeFiles(received)}`,
  });
  // Text and OCR of scanned pages in the background, one queue message a file, so a claim or decision drawn
  // from them rarely waits.
  await queueUploadOcr(
    deps,
    added.map((file) => ({ container: 'attachments', disputeId: dispute.id, fileId: file.id })),
  );
  return added.map(toAttachmentView);
}
