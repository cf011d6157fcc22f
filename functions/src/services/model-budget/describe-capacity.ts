import type { ModelCapacity, ModelDeploymentUse } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { BaseDoc } from '../../ports/store.js';
import { effectiveLimits, expectedStarts } from './budget-schedule.js';
import { budgetApplies, deploymentsOf, readBudgets, wallTime } from './budget-store.js';

/** A typical case decision before there are finished ones to measure: about a 40-page case, in tokens. */
export const DEFAULT_TYPICAL_CASE_TOKENS = 300_000;
/** More windows than this for a typical case, and /health warns that capacity is short. */
export const WARN_AFTER_WINDOWS = 3;
/** Recent finished decisions whose use makes the typical case. */
const SAMPLE = 50;

/**
 * Each deployment's use now (its calls in the last window, the limits in force, the jobs admitted and
 * waiting) and how many windows a typical case decision would take from now: the longest line's wait on
 * the deployment it would go to, plus its own tokens at the combined rate. Undefined for the offline model.
 */
export async function describeCapacity(
  deps: Pick<Deps, 'store' | 'config' | 'model'>,
): Promise<ModelCapacity | undefined> {
  if (!budgetApplies(deps)) return undefined;
  const now = wallTime();
  const budgets = await readBudgets(deps);
  const deployments: ModelDeploymentUse[] = budgets.map((budget) => {
    const { state, limits } = budget;
    const inForce = effectiveLimits(state, limits, now);
    const recent = state.calls.filter(([at]) => at > now - limits.windowMs);
    const starts = expectedStarts(state, limits, now);
    const last = starts.at(-1)?.startAt ?? now;
    const pausedUntil = state.throttle && state.throttle.pausedUntil > now ? state.throttle.pausedUntil : undefined;
    return {
      name: budget.name,
      kind: budget.model.kind,
      priority: budget.priority,
      windowSeconds: Math.round(limits.windowMs / 1000),
      tokensPerWindow: limits.tokensPerWindow,
      requestsPerWindow: limits.requestsPerWindow,
      tokensInForce: inForce.tokensPerWindow,
      requestsInForce: inForce.requestsPerWindow,
      usedTokens: recent.reduce((sum, [, tokens]) => sum + tokens, 0),
      usedRequests: recent.length,
      runningJobs: (state.bookings ?? []).length,
      waitingJobs: state.line.length,
      lineSeconds: Math.max(0, Math.ceil((last - now) / 1000)),
      ...(pausedUntil ? { pausedUntil: new Date(pausedUntil).toISOString() } : {}),
    };
  });
  const typicalCaseTokens = await typicalCaseTokensOf(deps);
  const windowMs = deploymentsOf(deps)[0]!.limits.windowMs;
  const rate = deployments.reduce((sum, deployment) => sum + deployment.tokensInForce, 0);
  const soonest = Math.min(...deployments.map((deployment) => deployment.lineSeconds));
  const typicalCaseWindows =
    Math.round(((soonest * 1000) / windowMs + typicalCaseTokens / Math.max(1, rate)) * 10) / 10;
  return {
    deployments,
    typicalCaseTokens,
    typicalCaseWindows,
    ...(typicalCaseWindows > WARN_AFTER_WINDOWS
      ? {
          warning:
            `A typical case decision (about ${typicalCaseTokens.toLocaleString('en')} tokens) would take ` +
            `${typicalCaseWindows} windows of the model's quota from now (more than ${WARN_AFTER_WINDOWS}): ` +
            'raise MODEL_TPM or add a deployment (MODEL_DEPLOYMENTS).',
        }
      : {}),
  };
}

/** The median tokens (prompt and completion) of recent finished case decisions, or the default. */
async function typicalCaseTokensOf(deps: Pick<Deps, 'store'>): Promise<number> {
  // Read by shape: the jobs domain sits above the budget (README "Layers").
  type FinishedJob = BaseDoc & { usage?: { promptTokens: number; completionTokens: number } };
  const page = await deps.store.collection<FinishedJob>('jobs').query({
    where: [
      { field: 'kind', op: '=', value: 'decision' },
      { field: 'status', op: '=', value: 'Completed' },
      { field: 'usage', op: 'exists', value: true },
    ],
    limit: SAMPLE,
  });
  const used = page.items
    .map((job) => (job.usage ? job.usage.promptTokens + job.usage.completionTokens : 0))
    .filter((tokens) => tokens > 0)
    .sort((a, b) => a - b);
  if (used.length === 0) return DEFAULT_TYPICAL_CASE_TOKENS;
  return used[Math.floor(used.length / 2)]!;
}

/** One line for the start-up log: the budget in force, per deployment. */
export function budgetInForce(deps: Pick<Deps, 'config'>): Record<string, unknown> {
  return {
    windowSeconds: deps.config.modelBudget.windowMs / 1000,
    deployments: deploymentsOf(deps).map((deployment) => ({
      name: deployment.name,
      kind: deployment.model.kind,
      priority: deployment.priority,
      tokensPerWindow: deployment.limits.tokensPerWindow,
      requestsPerWindow: deployment.limits.requestsPerWindow,
    })),
  };
}
