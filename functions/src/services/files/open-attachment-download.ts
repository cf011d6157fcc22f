import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { openBlobDownload, type FileStream } from './file-download.js';
import { recordDecisionReceipt } from '../awards/record-receipt.js';
import { findAttachment, type AttachmentAddress } from './find-attachment.js';

/** `GET /api/dispute/{id}/phases/{phaseId}/attachment/{fileId}/download`: a phase's file streamed, to either side. */
export async function openAttachmentDownload(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  caller: Caller,
  address: AttachmentAddress,
): Promise<FileStream> {
  const { dispute, role, attachment } = await findAttachment(deps, caller, address);
  const stream = await openBlobDownload(deps, 'attachments', attachment.blobName, attachment.fileName);
  await recordDecisionReceipt(deps, { dispute, role, attachment, userId: caller.userId, email: caller.email });
  return stream;
}
