import { duplicateFileNames, duplicateFilesRefusal, MAX_FILES_PER_PHASE, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { BadRequestError, DuplicateFileNameError } from '../../errors.js';
import type { Stored } from '../../ports/store.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { DisputeDocument, PhaseAttachment, Side } from '../disputes/dispute-document.js';
import { assertPhaseOpenTo, findPhase } from './phase-file-access.js';

export const PHASE_FULL_MESSAGE = refusal('uploads.phaseFull', { maxFiles: MAX_FILES_PER_PHASE }).message;

/**
 * Records files whose blobs are already written in a phase of the case, with
 * a conditional write. The rules are checked on the case as it is when
 * written (changeDispute asks again after a concurrent change): the phase
 * still open to `side`, every name still free, the phase not over
 * MAX_FILES_PER_PHASE. `attachments` gets the names the phase holds at that
 * moment (and its records) and answers the records to add, so a caller may
 * pick a free name there, or refuse by throwing. Answers the records added; throws the refusal otherwise, and the
 * caller deletes the blobs it wrote.
 */
export async function addPhaseAttachments(
  deps: Pick<Deps, 'store'>,
  target: { dispute: Stored<DisputeDocument>; phaseId: string; side: Side },
  attachments: (namesInPhase: readonly string[], inPhase: readonly PhaseAttachment[]) => PhaseAttachment[],
): Promise<PhaseAttachment[]> {
  let added: PhaseAttachment[] = [];
  await changeDispute(
    deps,
    target.dispute.id,
    (current) => {
      const phase = findPhase(current, target.phaseId);
      assertPhaseOpenTo(current, phase, target.side);
      const names = phase.attachments.map((attachment) => attachment.fileName);
      added = attachments(names, phase.attachments);
      const clashes = duplicateFileNames(
        names,
        added.map((attachment) => attachment.fileName),
      );
      if (clashes.length > 0) throw new DuplicateFileNameError(duplicateFilesRefusal(clashes));
      if (names.length + added.length > MAX_FILES_PER_PHASE)
        throw new BadRequestError(refusal('uploads.phaseFull', { maxFiles: MAX_FILES_PER_PHASE }));
      return {
        ...current,
        phases: current.phases.map((candidate) =>
          candidate.id === phase.id ? { ...candidate, attachments: [...candidate.attachments, ...added] } : candidate,
        ),
      };
    },
    target.dispute,
  );
  return added;
}
