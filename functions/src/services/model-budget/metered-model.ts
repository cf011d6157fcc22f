import { countTokens } from 'gpt-tokenizer';
import type { Deps } from '../../deps.js';
import {
  abortableSleep as sleep,
  ModelAbortedError,
  ModelUnavailableError,
  type CompletionRequest,
  type CompletionResult,
  type Model,
  type RateLimitReport,
} from '../../ports/model.js';
import {
  addBooking,
  markCallWait,
  meterCall,
  reconcileCall,
  recordPause,
  recordReported,
  recordThrottle,
  releaseBooking,
} from './budget-schedule.js';
import {
  DEFAULT_DEPLOYMENT,
  deploymentNamed,
  deploymentOfJob,
  deploymentsOf,
  readBudgets,
  updateBudget,
  BudgetContendedError,
  wallTime,
} from './budget-store.js';
import { DEFAULT_CALL_OUTPUT_TOKENS } from './estimate-tokens.js';
import { currentJobCalls } from './job-calls.js';
import { placeJob } from './placement.js';
import { measure } from '../../observability/meters.js';

/** Consecutive 429s or 5xx of one call on a deployment after which a job moves to another (when there is one). */
export const FAILOVER_AFTER = 2;

/**
 * The model with every call metered against the deployments' shared budgets (budget-schedule.ts):
 *
 * - a call of a job goes to the deployment the job was admitted on (its prompt cache lives there; calls
 *   outside a job go to the default deployment) and starts when the calls of the last window leave room
 *   for its prompt and completion limit; while it waits, the job's status says so (`markCallWait`);
 * - as the call completes, the job's booking is reconciled to what the endpoint reports it used;
 * - the deployment's rate-limit headers of every response lower the limits in force (never raise them),
 *   a Retry-After pauses it, and a 429 lowers the limits and pauses everyone until its Retry-After;
 * - after FAILOVER_AFTER consecutive 429s or 5xx of one call, with another deployment configured, the job
 *   moves to the one that can take it soonest — its booking goes with it — and the job's record says so.
 *
 * `models` holds one adapter per deployment name (the composition root builds them). When the store cannot
 * be reached the call goes ahead unmetered (the endpoint's own 429s and the adapter's retries still hold),
 * rather than failing a decision over bookkeeping. A budget that is only contended (every conditional write
 * lost to another caller) is metered again after a pause: contention never lets a call past the quota.
 */
const CONTENDED_PAUSE_MS = 200;

export function meteredModel(
  models: Model | ReadonlyMap<string, Model>,
  deps: Pick<Deps, 'store' | 'config' | 'log'>,
): Model {
  const byName: ReadonlyMap<string, Model> = 'complete' in models ? new Map([[DEFAULT_DEPLOYMENT, models]]) : models;
  const fallback = byName.get(DEFAULT_DEPLOYMENT) ?? [...byName.values()][0]!;
  const counts = new TokenCounts();
  /** Where each job of this process calls (looked up once from its booking, then kept). */
  const placements = new Map<string, string>();

  async function deploymentFor(jobId: string | undefined): Promise<string> {
    if (!jobId) return DEFAULT_DEPLOYMENT;
    const known = placements.get(jobId);
    if (known) return known;
    const found = await deploymentOfJob(deps, jobId).catch(() => undefined);
    const name = found?.name ?? DEFAULT_DEPLOYMENT;
    placements.set(jobId, name);
    if (placements.size > 500) placements.delete(placements.keys().next().value!);
    return name;
  }

  async function admitCall(name: string, tokens: number, jobId: string | undefined, signal: AbortSignal | undefined) {
    const limits = deploymentNamed(deps, name).limits;
    let waited = false;
    const asked = performance.now();
    for (;;) {
      if (signal?.aborted) throw new ModelAbortedError();
      let retryAt: number | undefined;
      try {
        retryAt = await updateBudget(
          deps,
          (state, now) => {
            const metering = meterCall(state, tokens, limits, now);
            if (metering.started) {
              return {
                state: jobId && waited ? markCallWait(metering.state, jobId, undefined, now) : metering.state,
                value: undefined,
              };
            }
            // The job's status shows it waiting for capacity (not writing) until its call starts.
            return {
              state: jobId ? markCallWait(state, jobId, metering.retryAt, now) : undefined,
              value: metering.retryAt,
            };
          },
          name,
        );
      } catch (error) {
        if (!(error instanceof BudgetContendedError)) {
          deps.log.warn('Metering a model call failed; calling unmetered', { error });
          return;
        }
        // Contention, not an outage: wait a random moment and meter again, never call unmetered.
        deps.log.warn('The model budget is contended; metering the call again', { deployment: name });
        await sleep(CONTENDED_PAUSE_MS * (0.5 + Math.random()), signal).catch(async (aborted: unknown) => {
          if (jobId) await clearWait(name, jobId);
          throw aborted;
        });
        continue;
      }
      if (retryAt === undefined) {
        // Every admitted call counts, a wait of 0 too: the share of calls that waited is a figure of its own.
        measure.modelWait(name, performance.now() - asked);
        return;
      }
      waited = true;
      await sleep(Math.max(10, retryAt - wallTime()), signal).catch(async (error: unknown) => {
        if (jobId) await clearWait(name, jobId);
        throw error;
      });
    }
  }

  async function clearWait(name: string, jobId: string): Promise<void> {
    await updateBudget(
      deps,
      (state, now) => ({ state: markCallWait(state, jobId, undefined, now), value: undefined }),
      name,
    ).catch(() => undefined);
  }

  function background(name: string, what: string, change: Parameters<typeof updateBudget>[1]): void {
    updateBudget(deps, change, name).catch((error: unknown) =>
      deps.log.warn(`Recording ${what} in the model budget failed`, { deployment: name, error }),
    );
  }

  function listen(name: string, report: RateLimitReport): void {
    const limits = deploymentNamed(deps, name).limits;
    if (report.remainingTokens !== undefined || report.remainingRequests !== undefined) {
      background(name, 'the rate-limit headers', (state, now) => ({
        state: recordReported(
          state,
          { tokens: report.remainingTokens, requests: report.remainingRequests },
          limits,
          now,
        ),
        value: undefined,
      }));
    }
    if (report.status !== 429 && report.retryAfterMs !== undefined && report.retryAfterMs > 0) {
      background(name, 'a Retry-After', (state, now) => ({
        state: recordPause(state, report.retryAfterMs!, now),
        value: undefined,
      }));
    }
  }

  function throttled(name: string, retryAfterMs: number): void {
    deps.log.warn('The model endpoint answered 429; lowering the budget in force', { deployment: name, retryAfterMs });
    const limits = deploymentNamed(deps, name).limits;
    background(name, 'a 429', (state, now) => ({
      state: recordThrottle(state, retryAfterMs, limits, now),
      value: undefined,
    }));
  }

  /** Moves a job's booking from `from` to the deployment that can take it soonest; answers its name. */
  async function failOver(jobId: string | undefined, from: string): Promise<string | undefined> {
    const others = (await readBudgets(deps)).filter((budget) => budget.name !== from && byName.has(budget.name));
    if (others.length === 0) return undefined;
    const now = wallTime();
    let moving = { tokens: 1, requests: 1 };
    if (jobId) {
      moving = await updateBudget(
        deps,
        (state, at) => {
          const booking = state.bookings?.find((entry) => entry.jobId === jobId);
          if (!booking) return { value: { tokens: 1, requests: 1 } };
          const released = releaseBooking(state, jobId, deploymentNamed(deps, from).limits, at);
          return { state: released.state, value: released.returned };
        },
        from,
      );
    }
    const to = placeJob(
      others.map(({ name, priority, limits, state }) => ({ name, priority, limits, state })),
      {
        jobId: jobId ?? 'call',
        priority: 0,
        tokens: Math.max(1, moving.tokens),
        requests: Math.max(1, moving.requests),
        askedAt: now,
        seenAt: now,
      },
      now,
    );
    if (jobId) {
      const limits = deploymentNamed(deps, to).limits;
      await updateBudget(
        deps,
        (state, at) => ({
          state: addBooking(
            state,
            { jobId, tokens: Math.max(1, moving.tokens), requests: Math.max(1, moving.requests) },
            limits,
            at,
          ),
          value: undefined,
        }),
        to,
      );
      placements.set(jobId, to);
    }
    return to;
  }

  return {
    kind: fallback.kind,
    writesLegalText: fallback.writesLegalText,
    async complete(request: CompletionRequest): Promise<CompletionResult> {
      const job = currentJobCalls();
      const jobId = job?.jobId;
      const tokens =
        request.messages.reduce((sum, message) => sum + counts.of(message.content), 0) +
        (request.maxOutputTokens ?? DEFAULT_CALL_OUTPUT_TOKENS);
      let name = await deploymentFor(jobId);
      if (!byName.has(name)) name = DEFAULT_DEPLOYMENT;
      const tried = new Set<string>();
      for (;;) {
        tried.add(name);
        await admitCall(name, tokens, jobId, request.signal);
        const inner = byName.get(name) ?? fallback;
        // A private abort, so a call that keeps failing here can be taken to another deployment.
        const attempt = new AbortController();
        const onOuterAbort = () => attempt.abort();
        request.signal?.addEventListener('abort', onOuterAbort, { once: true });
        let failures = 0;
        let movedOff = false;
        const canFailOver = deploymentsOf(deps).some(
          (deployment) => !tried.has(deployment.name) && byName.has(deployment.name),
        );
        const current = name;
        try {
          const result = await inner.complete({
            ...request,
            signal: attempt.signal,
            onThrottled: (retryAfterMs) => {
              throttled(current, retryAfterMs);
              request.onThrottled?.(retryAfterMs);
            },
            onRateLimit: (report) => {
              listen(current, report);
              request.onRateLimit?.(report);
            },
            onRetry: (retry) => {
              request.onRetry?.(retry);
              const transient = retry.status === 429 || (retry.status !== undefined && retry.status >= 500);
              failures = transient ? failures + 1 : 0;
              if (failures >= FAILOVER_AFTER && canFailOver && !attempt.signal.aborted) {
                movedOff = true;
                attempt.abort();
              }
            },
          });
          if (jobId) {
            const used = result.usage ? result.usage.promptTokens + result.usage.completionTokens : tokens;
            const limits = deploymentNamed(deps, current).limits;
            background(current, 'a call’s use', (state, now) => ({
              state: reconcileCall(state, jobId, { tokens: used, requests: 1 }, limits, now),
              value: undefined,
            }));
          }
          return result;
        } catch (error) {
          const failed =
            movedOff || (error instanceof ModelUnavailableError && isTransient(error.status) && canFailOver);
          if (request.signal?.aborted || !failed) throw error;
          const to = await failOver(jobId, current);
          if (!to || tried.has(to))
            throw error instanceof ModelAbortedError
              ? new ModelUnavailableError(`The model deployment ${current} kept failing.`)
              : error;
          const note = `The model deployment "${current}" kept answering ${failures > 0 ? 'rate limits or server errors' : 'errors'}; the job moved to the deployment "${to}".`;
          job?.notes.push(note);
          deps.log.warn('A job’s model calls fail over to another deployment', { jobId, from: current, to });
          name = to;
        } finally {
          request.signal?.removeEventListener('abort', onOuterAbort);
        }
      }
    },
  };
}

function isTransient(status: number | undefined): boolean {
  return status === undefined || status === 429 || status >= 500;
}

/**
 * Token counts of recent message texts: a decision's chapter calls all carry the same case-file message
 * (the same string), so it is counted once, not seven times.
 */
class TokenCounts {
  private readonly recent = new Map<string, number>();

  of(text: string): number {
    if (text.length < 2_000) return countTokens(text);
    const known = this.recent.get(text);
    if (known !== undefined) return known;
    const count = countTokens(text);
    this.recent.set(text, count);
    if (this.recent.size > 16) this.recent.delete(this.recent.keys().next().value!);
    return count;
  }
}
