import type { PhaseView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { readCaseForReader } from './dispute-access.js';
import { toPhaseView, visiblePhases } from './dispute-document.js';

/** `GET /api/dispute/{id}/phases`: the case's phases in the order they began. */
export async function listPhases(deps: Pick<Deps, 'store'>, caller: Caller, disputeId: string): Promise<PhaseView[]> {
  const { dispute, role } = await readCaseForReader(deps, caller, disputeId);
  return visiblePhases(dispute, role).map(toPhaseView);
}
