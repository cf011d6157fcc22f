import type { Deps } from '../../deps.js';
import type { PaymentDocument } from '../payments/payment-document.js';
import { finishPaidSteps } from './finish-paid-steps.js';

/** How long after settling a payment's steps are left to the request that settled it. */
export const PAID_STEPS_GRACE_MS = 2 * 60_000;

/**
 * The timer that finishes what a crash left after a payment settled (timers.ts): each payment settled more
 * than PAID_STEPS_GRACE_MS ago with steps still on it is finished by finish-paid-steps.ts. One that fails is
 * logged and tried again on the next run.
 */
export async function sweepPaidSteps(deps: Deps, signal?: AbortSignal): Promise<{ finished: number; failed: number }> {
  const before = new Date(deps.clock.now().getTime() - PAID_STEPS_GRACE_MS).toISOString();
  const page = await deps.store.collection<PaymentDocument>('payments').query({
    where: [
      { field: 'stepsLeft', op: 'exists', value: true },
      { field: 'settledAt', op: '<=', value: before },
    ],
    limit: 100,
  });
  const outcome = { finished: 0, failed: 0 };
  for (const payment of page.items) {
    if (signal?.aborted) break;
    try {
      await finishPaidSteps(deps, payment.id);
      outcome.finished++;
    } catch (error) {
      outcome.failed++;
      deps.log.error('Finishing a paid payment’s steps failed; the next sweep tries again', {
        paymentId: payment.id,
        disputeId: payment.disputeId,
        error,
      });
    }
  }
  return outcome;
}
