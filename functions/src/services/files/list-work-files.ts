import type { WorkFileView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { listSideWorkFiles, toWorkFileView } from './work-file-document.js';

/** `GET /api/dispute/{id}/workfiles`: the caller's side's work files, newest first. */
export async function listWorkFiles(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  disputeId: string,
): Promise<WorkFileView[]> {
  const { dispute, side } = await readVisibleDispute(deps, caller, disputeId);
  return (await listSideWorkFiles(deps, dispute.id, side)).map(toWorkFileView);
}
