import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { NotFoundError } from '../../errors.js';
import { openServedDocument } from '../awards/read-write-once-original.js';
import { type FileStream } from './file-download.js';
import { recordDecisionReceipt } from '../awards/record-receipt.js';
import { findAttachment, type AttachmentAddress } from './find-attachment.js';

/** `GET /api/dispute/{id}/phases/{phaseId}/attachment/{fileId}/download`: a phase's file streamed, to either side. */
export async function openAttachmentDownload(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  caller: Caller,
  address: AttachmentAddress,
): Promise<FileStream> {
  const { dispute, role, attachment } = await findAttachment(deps, caller, address);
  // An issued or sealed decision comes from its write-once original (read-write-once-original.ts).
  const opened = await openServedDocument(deps, 'attachments', attachment.blobName, {
    disputeId: dispute.id,
    documentId: attachment.id,
  });
  if (!opened) throw new NotFoundError(refusal('uploads.fileNotFound'));
  const stream: FileStream = { ...opened, fileName: attachment.fileName, contentType: 'application/pdf' };
  await recordDecisionReceipt(deps, { dispute, role, attachment, userId: caller.userId, email: caller.email });
  return stream;
}
