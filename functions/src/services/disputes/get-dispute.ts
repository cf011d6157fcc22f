import type { DisputeView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { readCaseForReader } from './dispute-access.js';
import { toDisputeView } from './dispute-document.js';

/** `GET /api/dispute/{id}`: one case the caller may see, with their side (or `tribunal`); 404 otherwise. */
export async function getDispute(deps: Pick<Deps, 'store'>, caller: Caller, disputeId: string): Promise<DisputeView> {
  const { dispute, role } = await readCaseForReader(deps, caller, disputeId);
  return toDisputeView(dispute, role);
}
