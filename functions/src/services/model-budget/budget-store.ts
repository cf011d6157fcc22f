import type { Deps } from '../../deps.js';
import type { ModelConfig } from '../../config.js';
import { systemClock } from '../../ports/clock.js';
import { StoreConflictError, type BaseDoc } from '../../ports/store.js';
import { EMPTY_BUDGET, prune, type BudgetLimits, type BudgetState } from './budget-schedule.js';

/**
 * The budget of one model deployment, shared by every Functions instance: one document in the `tokens`
 * collection (which already holds the throttle counters and the audit chain heads), partitioned by its own
 * id, changed only by writes conditional on the etag read, so both store adapters serialise its changes.
 */
export interface BudgetDocument extends BaseDoc, BudgetState {
  kind: 'model-budget';
  updatedAt: string;
}

/**
 * The budget keeps wall-clock time whatever clock the services were given: it paces real calls against the
 * endpoint's real quota, and its waits are real waits (a test's frozen or jumping clock would stall them).
 */
export function wallTime(): number {
  return systemClock.now().getTime();
}

/** A waiter whose job no delivery has looked at for this long is dropped (its message was lost or it ended). */
export const STALE_WAITER_MS = 15 * 60_000;

const MAX_TRIES = 20;

/** The budget document's id: one per deployment (or model name) the jobs call. */
export function budgetKey(model: ModelConfig): string {
  switch (model.kind) {
    case 'azure-openai':
      return `model-budget:azure:${new URL(model.endpoint).host}:${model.deployment}`;
    case 'openai-compatible':
      return `model-budget:openai:${new URL(model.baseURL).host}:${model.model}`;
    case 'offline':
      return 'model-budget:offline';
  }
}

export function budgetLimits(deps: Pick<Deps, 'config'>): BudgetLimits {
  return { ...deps.config.modelBudget };
}

/** Whether jobs wait for the budget: a remote model has a quota; the offline model answers from this process. */
export function budgetApplies(deps: Pick<Deps, 'model'>): boolean {
  return deps.model.kind !== 'offline';
}

/** The deployment's budget as it is now (pruned, not written). */
export async function readBudget(deps: Pick<Deps, 'store' | 'config'>): Promise<BudgetState> {
  const id = budgetKey(deps.config.model);
  const doc = await deps.store.collection<BudgetDocument>('tokens').read(id, id);
  const now = wallTime();
  return prune(doc ? stateOf(doc) : EMPTY_BUDGET, budgetLimits(deps), now, now - STALE_WAITER_MS);
}

/**
 * Reads the budget, applies `change` to it (pruned) and writes the result conditionally on the etag read;
 * a concurrent change makes it read and apply again. `change` answers the new state (or undefined: nothing
 * to write) and a value for the caller.
 */
export async function updateBudget<T>(
  deps: Pick<Deps, 'store' | 'config'>,
  change: (state: BudgetState, now: number) => { state?: BudgetState; value: T },
): Promise<T> {
  const id = budgetKey(deps.config.model);
  const budgets = deps.store.collection<BudgetDocument>('tokens');
  const limits = budgetLimits(deps);
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const doc = await budgets.read(id, id);
    const now = wallTime();
    const state = prune(doc ? stateOf(doc) : EMPTY_BUDGET, limits, now, now - STALE_WAITER_MS);
    const { state: next, value } = change(state, now);
    if (!next) return value;
    const written: BudgetDocument = {
      id,
      pk: id,
      kind: 'model-budget',
      ...next,
      updatedAt: new Date(now).toISOString(),
    };
    try {
      if (doc) await budgets.replace(written, { ifMatch: doc._etag });
      else await budgets.create(written);
      return value;
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
      // Another instance changed the budget meanwhile: a short random pause, then apply the change to theirs.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * Math.min(attempt, 5)));
    }
  }
  throw new Error('The model budget kept changing under every write.');
}

function stateOf(doc: BudgetDocument): BudgetState {
  return {
    tokensFreeAt: doc.tokensFreeAt ?? 0,
    requestsFreeAt: doc.requestsFreeAt ?? 0,
    line: doc.line ?? [],
    calls: doc.calls ?? [],
    ...(doc.throttle ? { throttle: doc.throttle } : {}),
  };
}
