import { refusal, type AttachmentView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { findReadableDisputeHolding } from '../disputes/dispute-access.js';
import { toAttachmentView, visiblePhases } from '../disputes/dispute-document.js';
import { findPhase } from './phase-file-access.js';

/** `GET /api/dispute/phase/{phaseId}/attachments`: the files of a phase, in upload order, to either side. */
export async function listPhaseAttachments(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  phaseId: string,
): Promise<AttachmentView[]> {
  const { dispute, role } = await findReadableDisputeHolding(
    deps,
    caller,
    'phaseIds',
    phaseId,
    refusal('cases.notFound'),
  );
  return findPhase({ ...dispute, phases: visiblePhases(dispute, role) }, phaseId).attachments.map(toAttachmentView);
}
