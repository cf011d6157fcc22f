import type { ActivePhaseDeadline } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { activePhase } from './dispute-document.js';
import { listVisibleDisputes } from './list-visible-disputes.js';

/** `GET /api/dispute/activephases`: the active phase and its due date for each of the caller's cases. */
export async function listActivePhases(
  deps: Pick<Deps, 'store' | 'clock'>,
  caller: Caller,
): Promise<ActivePhaseDeadline[]> {
  const visible = await listVisibleDisputes(deps, caller);
  return visible.map(({ dispute }) => {
    const phase = activePhase(dispute);
    return {
      disputeId: dispute.id,
      phaseId: phase.id,
      type: phase.type,
      ...(phase.dueDate ? { dueDate: phase.dueDate } : {}),
    };
  });
}
