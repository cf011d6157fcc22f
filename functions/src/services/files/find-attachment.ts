import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { Stored } from '../../ports/store.js';
import { readCaseForReader } from '../disputes/dispute-access.js';
import {
  visiblePhases,
  type CaseRole,
  type DisputeDocument,
  type PhaseAttachment,
  type PhaseRecord,
} from '../disputes/dispute-document.js';
import { findPhase } from './phase-file-access.js';

export interface AttachmentAddress {
  disputeId: string;
  phaseId: string;
  fileId: string;
}

/** A file of a phase of a case the caller may see (either side, or its tribunal); 404 for anything else. */
export async function findAttachment(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  address: AttachmentAddress,
): Promise<{ dispute: Stored<DisputeDocument>; role: CaseRole; phase: PhaseRecord; attachment: PhaseAttachment }> {
  const { dispute, role } = await readCaseForReader(deps, caller, address.disputeId);
  const phase = findPhase({ ...dispute, phases: visiblePhases(dispute, role) }, address.phaseId);
  const attachment = phase.attachments.find((candidate) => candidate.id === address.fileId);
  if (!attachment) throw new NotFoundError(refusal('uploads.fileNotFound'));
  return { dispute, role, phase, attachment };
}
