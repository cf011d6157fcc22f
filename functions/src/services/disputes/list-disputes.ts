import type { DisputeSummary } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { toDisputeSummary } from './dispute-document.js';
import { listVisibleDisputes } from './list-visible-disputes.js';

/** `GET /api/dispute`: the caller's cases, newest first. */
export async function listDisputes(deps: Pick<Deps, 'store' | 'clock'>, caller: Caller): Promise<DisputeSummary[]> {
  const visible = await listVisibleDisputes(deps, caller);
  return visible.map(({ dispute, side }) => toDisputeSummary(dispute, side));
}
