import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { openBlobDownload, type FileStream } from './file-download.js';
import { readSideWorkFile } from './work-file-document.js';

/** `GET /api/dispute/{id}/workfiles/{fileId}`: one of the caller's side's work files, streamed. */
export async function openWorkFileDownload(
  deps: Pick<Deps, 'store' | 'blobs'>,
  caller: Caller,
  input: { disputeId: string; fileId: string },
): Promise<FileStream> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  const file = await readSideWorkFile(deps, dispute.id, side, input.fileId);
  return openBlobDownload(deps, 'workfiles', file.blobName, file.fileName);
}
