import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { Stored } from '../../ports/store.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import type { DisputeDocument, PhaseAttachment, PhaseRecord, Side } from '../disputes/dispute-document.js';
import { FILE_NOT_FOUND_MESSAGE } from './file-download.js';
import { findPhase } from './phase-file-access.js';

export interface AttachmentAddress {
  disputeId: string;
  phaseId: string;
  fileId: string;
}

/** A file of a phase of a case the caller may see (either side); 404 for anything else. */
export async function findAttachment(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  address: AttachmentAddress,
): Promise<{ dispute: Stored<DisputeDocument>; side: Side; phase: PhaseRecord; attachment: PhaseAttachment }> {
  const { dispute, side } = await readVisibleDispute(deps, caller, address.disputeId);
  const phase = findPhase(dispute, address.phaseId);
  const attachment = phase.attachments.find((candidate) => candidate.id === address.fileId);
  if (!attachment) throw new NotFoundError(FILE_NOT_FOUND_MESSAGE);
  return { dispute, side, phase, attachment };
}
