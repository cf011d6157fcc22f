import { refusal } from '@ratkaisu/core';
import type { FileDownload } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { AttachmentServing } from './attachment-serving.js';
import { findAttachment, type AttachmentAddress } from './find-attachment.js';

/**
 * `GET /api/dispute/{id}/phases/{phaseId}/attachment/{fileId}`: the file as
 * base64 in JSON, as docs/product.md section 3 describes it, to either side. The web
 * downloads through the streamed route instead; this one holds the file in
 * memory, which the upload limit bounds.
 */
export async function getAttachmentContent(
  deps: Pick<Deps, 'store'>,
  serving: AttachmentServing,
  caller: Caller,
  address: AttachmentAddress,
): Promise<FileDownload> {
  const { dispute, role, attachment } = await findAttachment(deps, caller, address);
  const bytes = await serving.read(attachment.blobName, { disputeId: dispute.id, documentId: attachment.id });
  if (!bytes) throw new NotFoundError(refusal('uploads.fileNotFound'));
  await serving.served({ dispute, role, attachment, userId: caller.userId, email: caller.email });
  return { fileName: attachment.fileName, fileContent: bytes.toString('base64') };
}
