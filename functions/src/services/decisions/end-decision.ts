import { DECISION_MESSAGES, decisionFileName } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { DisputeDocument, PhaseAttachment } from '../disputes/dispute-document.js';
import type { Stored } from '../../ports/store.js';

/** How a decision's attachment ends: the finished PDF, or a failure (a stop included) with its reason. */
export type DecisionEnd =
  | { status: 'Completed' | 'Draft'; blobName: string; size: number; sha256?: string }
  | { status: 'Failed'; errorMessage: string };

/**
 * Ends a decision on its case, conditionally on its attachment still being
 * Generating: whichever of the worker (Completed, Failed) and Stop Generating
 * writes first wins, and the other finds nothing to change. A finished
 * decision does not resolve the case (the tribunal's signatures or both
 * parties' acceptance do). Answers whether this call ended it.
 *
 * A decision that lands gets the case's next version number (1, 2, …: only decisions that exist are
 * numbered) in the same write, and an AI decision its file name with the case number and that version.
 */
export async function endDecision(
  deps: Pick<Deps, 'store'>,
  target: { disputeId: string; attachmentId: string },
  end: DecisionEnd,
  first?: Stored<DisputeDocument>,
): Promise<boolean> {
  let ended = false;
  await changeDispute(
    deps,
    target.disputeId,
    (current) => {
      ended = false;
      const version = nextDecisionVersion(current);
      const phases = current.phases.map((phase) => ({
        ...phase,
        attachments: phase.attachments.map((file): PhaseAttachment => {
          if (file.id !== target.attachmentId || file.status !== 'Generating') return file;
          ended = true;
          const { errorMessage: _previous, ...rest } = file;
          if (end.status === 'Failed') return { ...rest, ...end };
          return {
            ...rest,
            ...end,
            version,
            ...(file.decisionKind === 'aiDecision'
              ? { fileName: decisionFileName(current.caseNumber, version, current.language) }
              : {}),
          };
        }),
      }));
      if (!ended) return undefined;
      return { ...current, phases };
    },
    first,
  );
  return ended;
}

/**
 * Records on the case that its decision will not come (the job failed, was
 * swept or dead-lettered), with the job's reason. Harmless to call twice; a
 * case deleted meanwhile is nothing to record on.
 */
export async function markDecisionFailed(
  deps: Pick<Deps, 'store' | 'log'>,
  target: { disputeId: string; attachmentId: string },
  reason: string | undefined,
): Promise<void> {
  try {
    await endDecision(deps, target, { status: 'Failed', errorMessage: reason || DECISION_MESSAGES.failed });
  } catch (error) {
    if (error instanceof NotFoundError) return;
    deps.log.error('Marking a decision failed on its case failed', { ...target, error });
    throw error;
  }
}

/** The version the next decision of the case gets: one more than the highest so far. */
export function nextDecisionVersion(dispute: DisputeDocument): number {
  const versions = dispute.phases.flatMap((phase) => phase.attachments.map((file) => file.version ?? 0));
  return Math.max(0, ...versions) + 1;
}
