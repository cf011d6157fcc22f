import type { Deps } from '../../deps.js';
import type { ModelConfig, ModelDeploymentConfig } from '../../config.js';
import { systemClock } from '../../ports/clock.js';
import type { BaseDoc } from '../../ports/store.js';
import { changeOrCreateRecord } from '../../records/change-record.js';
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

/** The default deployment's name: the one of AZURE_OPENAI_* / OPENAI_*, MODEL_TPM and MODEL_RPM. */
export const DEFAULT_DEPLOYMENT = 'default';

/** A deployment as the budget knows it: its name, priority, model settings, limits and budget document. */
export interface DeploymentBudget {
  name: string;
  priority: number;
  model: ModelConfig;
  limits: BudgetLimits;
  key: string;
}

/** Every deployment, the default first, then MODEL_DEPLOYMENTS as listed. */
export function deploymentsOf(deps: Pick<Deps, 'config'>): DeploymentBudget[] {
  const { modelBudget, model } = deps.config;
  const windowMs = modelBudget.windowMs;
  const first: DeploymentBudget = {
    name: DEFAULT_DEPLOYMENT,
    priority: modelBudget.defaultPriority ?? 0,
    model,
    limits: {
      tokensPerWindow: modelBudget.tokensPerWindow,
      requestsPerWindow: modelBudget.requestsPerWindow,
      windowMs,
    },
    key: budgetKey(model),
  };
  return [
    first,
    ...(modelBudget.deployments ?? []).map((deployment: ModelDeploymentConfig) => ({
      name: deployment.name,
      priority: deployment.priority,
      model: deployment.model,
      limits: {
        tokensPerWindow: deployment.tokensPerWindow,
        requestsPerWindow: deployment.requestsPerWindow,
        windowMs,
      },
      key: `${budgetKey(deployment.model)}:${deployment.name}`,
    })),
  ];
}

export function deploymentNamed(deps: Pick<Deps, 'config'>, name: string = DEFAULT_DEPLOYMENT): DeploymentBudget {
  const all = deploymentsOf(deps);
  return all.find((deployment) => deployment.name === name) ?? all[0]!;
}

/** The limits of one deployment (the default one unless named). */
export function budgetLimits(deps: Pick<Deps, 'config'>, name?: string): BudgetLimits {
  return { ...deploymentNamed(deps, name).limits };
}

/** Whether jobs wait for the budget: a remote model has a quota; the offline model answers from this process. */
export function budgetApplies(deps: Pick<Deps, 'model'>): boolean {
  return deps.model.kind !== 'offline';
}

/** A deployment's budget as it is now (pruned, not written); the default deployment's unless named. */
export async function readBudget(deps: Pick<Deps, 'store' | 'config'>, name?: string): Promise<BudgetState> {
  const deployment = deploymentNamed(deps, name);
  const id = deployment.key;
  const doc = await deps.store.collection<BudgetDocument>('tokens').read(id, id);
  const now = wallTime();
  return prune(doc ? stateOf(doc) : EMPTY_BUDGET, deployment.limits, now, now - STALE_WAITER_MS);
}

/** Every deployment with its budget now. */
export async function readBudgets(
  deps: Pick<Deps, 'store' | 'config'>,
): Promise<(DeploymentBudget & { state: BudgetState })[]> {
  return Promise.all(
    deploymentsOf(deps).map(async (deployment) => ({ ...deployment, state: await readBudget(deps, deployment.name) })),
  );
}

/** The deployment a job waits on or was admitted on (its line or its booking), if any. */
export async function deploymentOfJob(
  deps: Pick<Deps, 'store' | 'config'>,
  jobId: string,
): Promise<(DeploymentBudget & { state: BudgetState }) | undefined> {
  const budgets = await readBudgets(deps);
  return budgets.find(
    (budget) =>
      budget.state.line.some((waiter) => waiter.jobId === jobId) ||
      (budget.state.bookings ?? []).some((booking) => booking.jobId === jobId),
  );
}

/**
 * Reads the budget, applies `change` to it (pruned) and writes the result conditionally on the etag read;
 * a concurrent change makes it read and apply again. `change` answers the new state (or undefined: nothing
 * to write) and a value for the caller.
 */
/**
 * The budget kept changing under every one of `MAX_TRIES` conditional writes: many callers at once, not a store
 * that cannot be reached. A caller waits and meters again — it never calls the model unmetered over contention,
 * which would let the busiest moment overshoot the quota.
 */
export class BudgetContendedError extends Error {
  constructor() {
    super('The model budget kept changing under every write.');
    this.name = 'BudgetContendedError';
  }
}

export async function updateBudget<T>(
  deps: Pick<Deps, 'store' | 'config'>,
  change: (state: BudgetState, now: number) => { state?: BudgetState; value: T },
  name?: string,
): Promise<T> {
  const deployment = deploymentNamed(deps, name);
  const id = deployment.key;
  const budgets = deps.store.collection<BudgetDocument>('tokens');
  const limits = deployment.limits;
  // Another instance changing the budget meanwhile means a short random pause, then applying the change to theirs.
  let value: T;
  await changeOrCreateRecord(
    budgets,
    { pk: id, id },
    (doc): BudgetDocument | undefined => {
      const now = wallTime();
      const state = prune(doc ? stateOf(doc) : EMPTY_BUDGET, limits, now, now - STALE_WAITER_MS);
      const answer = change(state, now);
      value = answer.value;
      if (!answer.state) return undefined;
      return { id, pk: id, kind: 'model-budget', ...answer.state, updatedAt: new Date(now).toISOString() };
    },
    { attempts: MAX_TRIES, busy: () => new BudgetContendedError() },
  );
  return value!;
}

function stateOf(doc: BudgetDocument): BudgetState {
  return {
    tokensFreeAt: doc.tokensFreeAt ?? 0,
    requestsFreeAt: doc.requestsFreeAt ?? 0,
    line: doc.line ?? [],
    calls: doc.calls ?? [],
    ...(doc.throttle ? { throttle: doc.throttle } : {}),
    ...(doc.bookings ? { bookings: doc.bookings } : {}),
    ...(doc.reported ? { reported: doc.reported } : {}),
    ...(doc.callWaits ? { callWaits: doc.callWaits } : {}),
  };
}
