import type { SendMailDeps } from '../outbox/send-mail.js';
import type { AwardDocument } from '../awards/award-document.js';
import { finishIssuance } from './finish-issuance.js';

/**
 * How long after its issue a document's steps are left to the sign request that issued it: the sweep takes
 * on only what a crash (or a failed step) left, never a request still at work.
 */
export const ISSUANCE_GRACE_MS = 2 * 60_000;

/**
 * The timer that finishes what a crash left half-done after a signed document's issue (timers.ts): each award,
 * correction, interpretation or additional award issued more than ISSUANCE_GRACE_MS ago with steps still
 * named on its record is finished by finish-issuance.ts, which does no step twice. One that fails is logged
 * and tried again on the next run.
 */
export async function sweepIssuances(
  deps: SendMailDeps,
  signal?: AbortSignal,
): Promise<{ finished: number; failed: number }> {
  const before = new Date(deps.clock.now().getTime() - ISSUANCE_GRACE_MS).toISOString();
  const page = await deps.store.collection<AwardDocument>('awards').query({
    where: [
      { field: 'issuanceSteps', op: 'exists', value: true },
      { field: 'issuedAt', op: '<=', value: before },
    ],
    limit: 100,
  });
  const outcome = { finished: 0, failed: 0 };
  for (const document of page.items) {
    if (signal?.aborted) break;
    try {
      await finishIssuance(deps, document.disputeId, document.id);
      outcome.finished++;
    } catch (error) {
      outcome.failed++;
      deps.log.error('Finishing an issued document’s steps failed; the next sweep tries again', {
        disputeId: document.disputeId,
        awardId: document.id,
        error,
      });
    }
  }
  return outcome;
}
