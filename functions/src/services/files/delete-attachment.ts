import { refusal } from '@ratkaisu/core';
import { deleteStoredFile } from './delete-stored-file.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeOpenDispute } from '../disputes/assert-not-final.js';
import { findVisibleDisputeHolding } from '../disputes/dispute-access.js';
import type { PhaseAttachment, PhaseRecord } from '../disputes/dispute-document.js';
import { assertPhaseOpenTo } from './phase-file-access.js';

/**
 * `DELETE /api/dispute/attachments/{id}`: removes a file from the active phase
 * of the caller's side. The case is written first (conditionally, re-checked
 * on a concurrent change), so the file is gone for everyone at once and a
 * phase that moved on meanwhile keeps it; the blob is deleted after. A blob
 * left behind by a failed delete is unreachable and only logged.
 */
export async function deleteAttachment(
  deps: Deps,
  caller: Caller,
  attachmentId: string,
  client: ClientInfo,
): Promise<void> {
  const { dispute, side } = await findVisibleDisputeHolding(
    deps,
    caller,
    'attachmentIds',
    attachmentId,
    refusal('uploads.fileNotFound'),
  );
  let removed: { phase: PhaseRecord; attachment: PhaseAttachment } | undefined;
  await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const phase = current.phases.find((candidate) =>
        candidate.attachments.some((attachment) => attachment.id === attachmentId),
      );
      // Deleted by someone else meanwhile.
      if (!phase) throw new NotFoundError(refusal('uploads.fileNotFound'));
      assertPhaseOpenTo(current, phase, side);
      removed = { phase, attachment: phase.attachments.find((attachment) => attachment.id === attachmentId)! };
      return {
        ...current,
        phases: current.phases.map((candidate) =>
          candidate.id === phase.id
            ? {
                ...candidate,
                attachments: candidate.attachments.filter((attachment) => attachment.id !== attachmentId),
              }
            : candidate,
        ),
      };
    },
    dispute,
  );
  const { phase, attachment } = removed!;

  if (attachment.blobName) await deleteStoredFile(deps, { container: 'attachments', blobName: attachment.blobName });
  await recordCallerAction(deps, caller, client, {
    action: 'DeleteFile',
    entityType: 'Attachment',
    entityId: attachment.id,
    details: `${dispute.id} ${phase.type}: ${attachment.fileName}`,
  });
}
