import { Readable } from 'node:stream';
import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { NotFoundError } from '../../errors.js';
import type { AttachmentServing } from './attachment-serving.js';
import { type FileStream } from './file-download.js';
import { findAttachment, type AttachmentAddress } from './find-attachment.js';

/** `GET /api/dispute/{id}/phases/{phaseId}/attachment/{fileId}/download`: a phase's file streamed, to either side. */
export async function openAttachmentDownload(
  deps: Pick<Deps, 'store'>,
  serving: AttachmentServing,
  caller: Caller,
  address: AttachmentAddress,
): Promise<FileStream> {
  const { dispute, role, attachment } = await findAttachment(deps, caller, address);
  const bytes = await serving.read(attachment.blobName, { disputeId: dispute.id, documentId: attachment.id });
  if (!bytes) throw new NotFoundError(refusal('uploads.fileNotFound'));
  const stream: FileStream = {
    stream: Readable.from([bytes]),
    size: bytes.length,
    fileName: attachment.fileName,
    contentType: 'application/pdf',
  };
  await serving.served({ dispute, role, attachment, userId: caller.userId, email: caller.email });
  return stream;
}
