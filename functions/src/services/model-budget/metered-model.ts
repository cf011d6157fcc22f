import { countTokens } from 'gpt-tokenizer';
import type { Deps } from '../../deps.js';
import { abortableSleep as sleep, ModelAbortedError, type CompletionRequest, type Model } from '../../ports/model.js';
import { meterCall, recordThrottle } from './budget-schedule.js';
import { budgetLimits, updateBudget, wallTime } from './budget-store.js';
import { DEFAULT_CALL_OUTPUT_TOKENS } from './estimate-tokens.js';

/**
 * The model with every call metered against the deployment's shared budget (budget-schedule.ts `meterCall`):
 * a call starts when the calls of the last window leave room for its prompt and completion limit, so the
 * chapters of an admitted decision (and calls of jobs whose bookings overlap) stay under the deployment's
 * limit; a 429 the endpoint still answers lowers the limits in force and pauses everyone until its
 * Retry-After. The composition root wraps remote models in it; the offline model has no quota.
 *
 * When the store cannot be reached the call goes ahead unmetered (the endpoint's own 429s and the adapter's
 * retries still hold), rather than failing a decision over bookkeeping.
 */
export function meteredModel(inner: Model, deps: Pick<Deps, 'store' | 'config' | 'log'>): Model {
  const counts = new TokenCounts();
  const limits = budgetLimits(deps);

  async function admitCall(tokens: number, signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw new ModelAbortedError();
      let retryAt: number | undefined;
      try {
        retryAt = await updateBudget(deps, (state, now) => {
          const metering = meterCall(state, tokens, limits, now);
          return metering.started ? { state: metering.state, value: undefined } : { value: metering.retryAt };
        });
      } catch (error) {
        deps.log.warn('Metering a model call failed; calling unmetered', { error });
        return;
      }
      if (retryAt === undefined) return;
      await sleep(Math.max(10, retryAt - wallTime()), signal);
    }
  }

  function throttled(retryAfterMs: number): void {
    deps.log.warn('The model endpoint answered 429; lowering the budget in force', { retryAfterMs });
    updateBudget(deps, (state, now) => ({
      state: recordThrottle(state, retryAfterMs, limits, now),
      value: undefined,
    })).catch((error: unknown) => deps.log.warn('Recording a 429 in the model budget failed', { error }));
  }

  return {
    kind: inner.kind,
    writesLegalText: inner.writesLegalText,
    async complete(request: CompletionRequest) {
      const tokens =
        request.messages.reduce((sum, message) => sum + counts.of(message.content), 0) +
        (request.maxOutputTokens ?? DEFAULT_CALL_OUTPUT_TOKENS);
      await admitCall(tokens, request.signal);
      const outer = request.onThrottled;
      return inner.complete({
        ...request,
        onThrottled: (retryAfterMs) => {
          throttled(retryAfterMs);
          outer?.(retryAfterMs);
        },
      });
    },
  };
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
