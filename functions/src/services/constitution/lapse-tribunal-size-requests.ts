import { isFinal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { recordAudit } from '../audit/record-audit.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { constitutionOf } from '../disputes/constitution-record.js';
import { mailSizeOutcome, settleSize } from './answer-tribunal-size.js';

/**
 * The timer sweep (timers.ts): a request for three arbitrators the other party did not answer within its
 * period lapses, and the tribunal is a sole arbitrator. Conditional writes: two sweeps at once settle a case
 * once (the second finds it no longer pending).
 */
export async function lapseTribunalSizeRequests(deps: Deps, signal?: AbortSignal): Promise<{ lapsed: number }> {
  const now = deps.clock.now();
  const page = await deps.store.collection<DisputeDocument>('disputes').query({
    where: [{ field: 'constitution.sizeRequest.status', op: '=', value: 'Pending' }],
    limit: 200,
  });
  let lapsed = 0;
  for (const dispute of page.items) {
    signal?.throwIfAborted();
    const request = constitutionOf(dispute).sizeRequest;
    if (!request || new Date(request.answerBy) > now) continue;
    let changed = false;
    const updated = await changeDispute(
      deps,
      dispute.id,
      (current) => {
        const pending = constitutionOf(current).sizeRequest;
        // A final case changes no more (docs/architecture.md "The outcome holds").
        if (isFinal(current) || pending?.status !== 'Pending' || new Date(pending.answerBy) > now) return undefined;
        changed = true;
        return settleSize(current, 'Lapsed', now.toISOString());
      },
      dispute,
    );
    if (!changed) continue;
    lapsed++;
    await mailSizeOutcome(deps, updated, 'Lapsed');
    await recordAudit(deps, {
      action: 'LapseTribunalSize',
      entityType: 'Dispute',
      entityId: dispute.id,
      success: true,
      details: 'The request for three arbitrators was not answered within the period: a sole arbitrator',
    });
  }
  return { lapsed };
}
