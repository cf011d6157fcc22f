import { DECISION_MESSAGES } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { changeDispute } from '../disputes/change-dispute.js';

/**
 * Records on the case that its decision will not come: the Resolution-phase
 * attachment becomes Failed with the reason (the job's error message), unless
 * it has already ended (Completed, or stopped). Harmless to call twice.
 */
export async function markDecisionFailed(
  deps: Pick<Deps, 'store' | 'log'>,
  target: { disputeId: string; attachmentId: string },
  reason: string | undefined,
): Promise<void> {
  try {
    await changeDispute(deps, target.disputeId, (current) => {
      let changed = false;
      const phases = current.phases.map((phase) => ({
        ...phase,
        attachments: phase.attachments.map((file) => {
          if (file.id !== target.attachmentId || file.status !== 'Generating') return file;
          changed = true;
          return { ...file, status: 'Failed' as const, errorMessage: reason || DECISION_MESSAGES.failed };
        }),
      }));
      return changed ? { ...current, phases } : undefined;
    });
  } catch (error) {
    if (error instanceof NotFoundError) return;
    deps.log.error('Marking a decision failed on its case failed', { ...target, error });
    throw error;
  }
}
