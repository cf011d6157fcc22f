import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { openBlobDownload, type FileStream } from './file-download.js';
import { findAttachment, type AttachmentAddress } from './find-attachment.js';

/** `GET /api/dispute/{id}/phases/{phaseId}/attachment/{fileId}/download`: a phase's file streamed, to either side. */
export async function openAttachmentDownload(
  deps: Pick<Deps, 'store' | 'blobs'>,
  caller: Caller,
  address: AttachmentAddress,
): Promise<FileStream> {
  const { attachment } = await findAttachment(deps, caller, address);
  return openBlobDownload(deps, 'attachments', attachment.blobName, attachment.fileName);
}
