import type { PhaseView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { readVisibleDispute } from './dispute-access.js';
import { toPhaseView } from './dispute-document.js';

/** `GET /api/dispute/{id}/phases`: the case's phases in the order they began. */
export async function listPhases(deps: Pick<Deps, 'store'>, caller: Caller, disputeId: string): Promise<PhaseView[]> {
  const { dispute } = await readVisibleDispute(deps, caller, disputeId);
  return dispute.phases.map(toPhaseView);
}
