import { waitUnlessAborted } from '../../ports/clock.js';
import type { JobKind, JobQueueView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { DeliveryDeferred } from '../../ports/queue.js';
import {
  bookingEndsAt,
  callWaitPlace,
  dropOverdue,
  expectedStarts,
  joinLine,
  leaveLine,
  lineAhead,
  markDeferred,
  queuePlace,
  releaseBooking,
  tryAdmit,
  type BudgetPriority,
} from './budget-schedule.js';
import { budgetApplies, deploymentOfJob, readBudgets, updateBudget, wallTime } from './budget-store.js';
import { placeJob } from './placement.js';
import { JOB_QUEUES } from '../../records/job-queues.js';
import type { BaseDoc } from '../../ports/store.js';
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
  const log = deps.log.child({ jobId: request.jobId, kind: request.kind });
  let budgets = await readBudgets(deps);
  let current = budgets.find((budget) => budget.state.line.some((waiter) => waiter.jobId === request.jobId));
  const known = current?.state.line.find((waiter) => waiter.jobId === request.jobId);
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
  const waitUntil = wallTime() + shortWaitMs(budgets[0]!.limits.windowMs);
  for (;;) {
    signal.throwIfAborted();
    const now = wallTime();
    // Several deployments: the job waits where it would start soonest, and moves only to one that can start it now.
    const name =
      budgets.length === 1
        ? budgets[0]!.name
        : placeJob(
            budgets.map(({ name, priority, limits, state }) => ({ name, priority, limits, state })),
            { ...waiter, seenAt: now },
            now,
            current?.name,
          );
    if (current && current.name !== name) {
      await updateBudget(deps, (state) => ({ state: leaveLine(state, waiter.jobId), value: undefined }), current.name);
      log.info('The job moves to another model deployment with room', { from: current.name, to: name });
    }
    const target = budgets.find((budget) => budget.name === name)!;
    const limits = target.limits;
    const outcome = await updateBudget<{ admitted: true } | { admitted: false; position: number; startAt: number }>(
      deps,
      (state, at) => {
        const joined = dropOverdue(joinLine(state, { ...waiter, seenAt: at }), limits, at, OVERDUE_GRACE_MS);
        const admission = tryAdmit(joined, waiter.jobId, limits, at);
        if (admission.admitted) return { state: admission.state, value: { admitted: true } };
        const value = { admitted: false as const, position: admission.position, startAt: admission.startAt };
        // Deferred: when its message comes back, so a line that moves sooner can deliver it again (wakeDue).
        if (admission.startAt > waitUntil) {
          return { state: markDeferred(joined, waiter.jobId, Math.min(admission.startAt, at + MAX_DEFER_MS)), value };
        }
        return { state: joined, value };
      },
      name,
    );
    if (outcome.admitted) {
      log.info('The model budget admitted the job', {
        deployment: name,
        tokens: waiter.tokens,
        requests: waiter.requests,
      });
      return;
    }
    const later = wallTime();
    if (outcome.startAt > waitUntil) {
      const notBefore = new Date(Math.min(outcome.startAt, later + MAX_DEFER_MS));
      log.info('The job waits for the model budget', {
        deployment: name,
        position: outcome.position,
        startAt: new Date(outcome.startAt).toISOString(),
        tokens: waiter.tokens,
      });
      throw new DeliveryDeferred(notBefore);
    }
    await waitUnlessAborted(Math.max(50, outcome.startAt - later), signal);
    budgets = await readBudgets(deps);
    current = budgets.find((budget) => budget.name === name);
  }
}

/** Takes a job out of the line (it ended, or was stopped, before it was admitted). */
export async function leaveBudgetLine(
  deps: Pick<Deps, 'store' | 'config' | 'model' | 'log'> & Partial<Pick<Deps, 'queue'>>,
  jobId: string,
): Promise<void> {
  if (!budgetApplies(deps)) return;
  const found = await deploymentOfJob(deps, jobId);
  if (!found) return;
  const wasFirst = found.state.line[0]?.jobId === jobId;
  await updateBudget(
    deps,
    (state) =>
      state.line.some((waiter) => waiter.jobId === jobId)
        ? { state: leaveLine(state, jobId), value: undefined }
        : { value: undefined },
    found.name,
  );
  const { queue } = deps;
  if (queue && (wasFirst || found.state.line.length > 1)) {
    await wakeDue({ ...deps, queue }).catch((error: unknown) => deps.log.warn('Waking the line failed', { error }));
  }
}

/**
 * The job ended — finished, failed for good or stopped: what its booking did not use goes back to its
 * deployment at once, so the line behind it moves (budget-schedule.ts `releaseBooking`), and it leaves any
 * line it was still in. Never throws: the booking expires anyway (BOOKING_TTL_MS).
 */
export async function releaseJobBudget(
  deps: Pick<Deps, 'store' | 'config' | 'model' | 'log' | 'queue'>,
  jobId: string,
): Promise<void> {
  if (!budgetApplies(deps)) return;
  try {
    const found = await deploymentOfJob(deps, jobId);
    if (!found) return;
    const returned = await updateBudget(
      deps,
      (state, now) => {
        const released = releaseBooking(leaveLine(state, jobId), jobId, found.limits, now);
        return { state: released.state, value: released.returned };
      },
      found.name,
    );
    if (returned.tokens > 0) {
      deps.log.info('The job gave back what it did not use of its model budget', {
        jobId,
        deployment: found.name,
        tokens: returned.tokens,
        requests: returned.requests,
      });
      await wakeDue(deps);
    }
  } catch (error) {
    deps.log.warn('Giving back a job’s unused model budget failed; it expires on its own', { jobId, error });
  }
}

/**
 * For a job's status: a waiting job's place in line and expected wait; a running job whose next call waits
 * for room on its deployment, its place among the running jobs waiting and the wait (`capacity: true`);
 * undefined when it waits for nothing.
 */
export async function jobQueuePlace(
  deps: Pick<Deps, 'store' | 'config' | 'model'>,
  jobId: string,
): Promise<JobQueueView | undefined> {
  return (await jobBudgetView(deps, jobId)).queue;
}

/**
 * The job in the budget's schedule: its wait (jobQueuePlace) and, for an admitted job, the seconds until its
 * booked tokens are expected paid off (`endsInSeconds`), which bounds its remaining time from below.
 */
export async function jobBudgetView(
  deps: Pick<Deps, 'store' | 'config' | 'model'>,
  jobId: string,
): Promise<{ queue?: JobQueueView; endsInSeconds?: number }> {
  if (!budgetApplies(deps)) return {};
  const found = await deploymentOfJob(deps, jobId);
  if (!found) return {};
  const now = wallTime();
  const waiting = queuePlace(found.state, jobId, found.limits, now);
  if (waiting) return { queue: waiting };
  const endsAt = bookingEndsAt(found.state, jobId, found.limits, now);
  const ends = endsAt === undefined ? {} : { endsInSeconds: Math.max(0, Math.ceil((endsAt - now) / 1000)) };
  const call = callWaitPlace(found.state, jobId, now);
  return call ? { queue: { ...call, capacity: true }, ...ends } : ends;
}

/**
 * Deferred jobs wait for the delivery at their expected start; when the line moved sooner (a job gave back its
 * booking, or left), those now due within a short wait are delivered again at their new start, so they do
 * not sleep through the room that was made. A duplicate delivery is harmless (startJobRun claims once).
 */
export async function wakeDue(deps: Pick<Deps, 'store' | 'config' | 'model' | 'log' | 'queue'>): Promise<void> {
  const budgets = await readBudgets(deps);
  // The job's status and kind, read by shape: the jobs domain sits above the budget (README "Layers").
  const jobs = deps.store.collection<BaseDoc & { status: string; kind: JobKind }>('jobs');
  for (const budget of budgets) {
    const now = wallTime();
    const due = expectedStarts(budget.state, budget.limits, now).filter(({ jobId, startAt }) => {
      const deferredTo = budget.state.line.find((waiter) => waiter.jobId === jobId)?.deferredTo;
      return deferredTo !== undefined && startAt < deferredTo - 1_000;
    });
    for (const { jobId, startAt } of due) {
      const job = await jobs.read(jobId, jobId);
      if (!job || job.status !== 'Queued') continue;
      await deps.queue.sendAt(JOB_QUEUES[job.kind], { jobId }, new Date(Math.max(now, startAt)));
      await updateBudget(
        deps,
        (state) => ({ state: markDeferred(state, jobId, startAt), value: undefined }),
        budget.name,
      );
      deps.log.info('A waiting job is delivered sooner: the line moved', { jobId, deployment: budget.name });
    }
  }
}

/** What a new job of `kind` would find ahead of it in line: how many, and the seconds until the last starts. */
export async function budgetLineAhead(
  deps: Pick<Deps, 'store' | 'config' | 'model'>,
  kind: JobKind,
): Promise<{ ahead: number; waitSeconds: number }> {
  if (!budgetApplies(deps)) return { ahead: 0, waitSeconds: 0 };
  const budgets = await readBudgets(deps);
  const now = wallTime();
  // Where such a job would go: the deployment whose line is shortest for it.
  const views = budgets.map((budget) => lineAhead(budget.state, priorityOf(kind), budget.limits, now));
  return views.reduce((best, view) => (view.waitSeconds < best.waitSeconds ? view : best));
}
