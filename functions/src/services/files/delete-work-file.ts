import { refusal } from '@ratkaisu/core';
import { deleteStoredFile } from './delete-stored-file.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { assertNotFinal } from '../disputes/assert-not-final.js';
import { readSideWorkFile, type WorkFileDocument } from './work-file-document.js';

/**
 * `DELETE /api/dispute/{id}/workfiles/{fileId}`: removes one of the caller's
 * side's work files, at any phase. The document goes first, so the file
 * disappears at once; a blob left behind by a failed delete is only logged.
 */
export async function deleteWorkFile(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; fileId: string },
  client: ClientInfo,
): Promise<void> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  assertNotFinal(dispute);
  const file = await readSideWorkFile(deps, dispute.id, side, input.fileId);
  // False when a concurrent delete came first.
  if (!(await deps.store.collection<WorkFileDocument>('files').delete(file.pk, file.id))) {
    throw new NotFoundError(refusal('uploads.fileNotFound'));
  }
  await deleteStoredFile(deps, { container: 'workfiles', blobName: file.blobName });
  await recordCallerAction(deps, caller, client, {
    action: 'DeleteFile',
    entityType: 'WorkFile',
    entityId: file.id,
    details: `${dispute.id} ${side} side: ${file.fileName}`,
  });
}
