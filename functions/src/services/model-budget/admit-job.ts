import { waitUnlessAborted } from '../../ports/clock.js';
import type { JobKind, JobQueueView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { DeliveryDeferred } from '../../ports/queue.js';
import {
  dropOverdue,
  joinLine,
  leaveLine,
  lineAhead,
  queuePlace,
  tryAdmit,
  type BudgetPriority,
} from './budget-schedule.js';
import { budgetApplies, budgetLimits, readBudget, updateBudget, wallTime } from './budget-store.js';
import type { JobEstimate } from './estimate-tokens.js';

/** The anonymous generator waits behind every signed-in user's job. */
export function priorityOf(kind: JobKind): BudgetPriority {
  return kind === 'anonymous-decision' ? 1 : 0;
}

/**
 * A start this close (5 s, or a quarter of a shorter window) is waited for in the handler; a later one hands
 * the message back to the queue.
 */
export function shortWaitMs(windowMs: number): number {
  return Math.min(5_000, Math.floor(windowMs / 4));
}
/** A deferred job looks at the line again at least this often (its place may have changed; it stays seen). */
export const MAX_DEFER_MS = 5 * 60_000;
/** A waiter that has not come for this long after its expected start is dropped from the line (dropOverdue). */
export const OVERDUE_GRACE_MS = 2 * 60_000;

export interface AdmissionRequest {
  jobId: string;
  kind: JobKind;
  /** Estimates the job's tokens and calls (read from its documents); asked only when the line has none yet. */
  estimate: () => Promise<JobEstimate>;
}

/**
 * Waits for the model's budget to admit a job before its first run (services/model-budget/budget-schedule.ts):
 * the job joins the deployment's line with its estimate and starts when it is first and the deployment has
 * room. Answers once it is admitted; a start within `shortWaitMs` is waited for here; a later one throws
 * `DeliveryDeferred`, and the queue delivers the job's message again at its expected start (at most
 * MAX_DEFER_MS later, to look again). The job stays Queued meanwhile and its status shows its place.
 *
 * Why the message is deferred rather than waited on: a waiting handler holds a worker slot (two per queue
 * locally, four per Functions instance) for as long as the line ahead takes, minutes to hours at peak, so
 * the jobs behind it could not even be delivered to take their place in line, and a Flex Consumption
 * instance would be billed for waiting. A deferred message costs one scheduled send and holds nothing.
 */
export async function awaitAdmission(deps: Deps, request: AdmissionRequest, signal: AbortSignal): Promise<void> {
  if (!budgetApplies(deps)) return;
  const limits = budgetLimits(deps);
  const log = deps.log.child({ jobId: request.jobId, kind: request.kind });
  const known = (await readBudget(deps)).line.find((waiter) => waiter.jobId === request.jobId);
  const estimate = known ? { tokens: known.tokens, requests: known.requests } : await request.estimate();
  // Its place among waiters of its priority is when it first joined (kept on every later look), so a place
  // only moves forward: nobody who joined later gets ahead, except a job of a higher priority.
  const waiter = {
    jobId: request.jobId,
    priority: priorityOf(request.kind),
    tokens: Math.max(1, Math.ceil(estimate.tokens)),
    requests: Math.max(1, Math.ceil(estimate.requests)),
    askedAt: known?.askedAt ?? wallTime(),
  };
  const waitUntil = wallTime() + shortWaitMs(limits.windowMs);
  for (;;) {
    signal.throwIfAborted();
    const outcome = await updateBudget<{ admitted: true } | { admitted: false; position: number; startAt: number }>(
      deps,
      (state, now) => {
        const joined = dropOverdue(joinLine(state, { ...waiter, seenAt: now }), limits, now, OVERDUE_GRACE_MS);
        const admission = tryAdmit(joined, waiter.jobId, limits, now);
        if (admission.admitted) return { state: admission.state, value: { admitted: true } };
        return { state: joined, value: { admitted: false, position: admission.position, startAt: admission.startAt } };
      },
    );
    if (outcome.admitted) {
      log.info('The model budget admitted the job', { tokens: waiter.tokens, requests: waiter.requests });
      return;
    }
    const now = wallTime();
    if (outcome.startAt > waitUntil) {
      const notBefore = new Date(Math.min(outcome.startAt, now + MAX_DEFER_MS));
      log.info('The job waits for the model budget', {
        position: outcome.position,
        startAt: new Date(outcome.startAt).toISOString(),
        tokens: waiter.tokens,
      });
      throw new DeliveryDeferred(notBefore);
    }
    await waitUnlessAborted(Math.max(50, outcome.startAt - now), signal);
  }
}

/** Takes a job out of the line (it ended, or was stopped, before it was admitted). */
export async function leaveBudgetLine(deps: Pick<Deps, 'store' | 'config' | 'model'>, jobId: string): Promise<void> {
  if (!budgetApplies(deps)) return;
  await updateBudget(deps, (state) =>
    state.line.some((waiter) => waiter.jobId === jobId)
      ? { state: leaveLine(state, jobId), value: undefined }
      : { value: undefined },
  );
}

/** A waiting job's place in line and expected wait, for its status; undefined when it is not waiting. */
export async function jobQueuePlace(
  deps: Pick<Deps, 'store' | 'config' | 'model'>,
  jobId: string,
): Promise<JobQueueView | undefined> {
  if (!budgetApplies(deps)) return undefined;
  return queuePlace(await readBudget(deps), jobId, budgetLimits(deps), wallTime());
}

/** What a new job of `kind` would find ahead of it in line: how many, and the seconds until the last starts. */
export async function budgetLineAhead(
  deps: Pick<Deps, 'store' | 'config' | 'model'>,
  kind: JobKind,
): Promise<{ ahead: number; waitSeconds: number }> {
  if (!budgetApplies(deps)) return { ahead: 0, waitSeconds: 0 };
  return lineAhead(await readBudget(deps), priorityOf(kind), budgetLimits(deps), wallTime());
}
