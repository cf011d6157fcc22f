import { setMaxListeners } from 'node:events';
import { DECISION_PIPELINE_MESSAGES } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ModelUnavailableError, type ChatMessage, type CompletionResult } from '../../ports/model.js';
import { JobFailure } from '../jobs/run-job.js';

/**
 * The model calls of one decision: at most `concurrency` at a time, the
 * user's temperature and top_p on each unless the deployment refuses them,
 * and every call aborted with the run (Stop Generating, a lost lease).
 * Retries of 429 and 5xx (with Retry-After) are the adapter's; a refusal
 * that would come again (a 4xx other than 408 and 429) fails the job at once
 * (JobFailure), with no retry of the whole job.
 */
export class DecisionModelCalls {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private sampling: boolean;
  /** Plain-language notes for the job's details. */
  readonly notes: string[] = [];
  promptTokens = 0;
  cachedTokens = 0;
  completionTokens = 0;
  calls = 0;
  model: string | undefined;

  constructor(
    private readonly deps: Pick<Deps, 'model' | 'config'>,
    private readonly settings: { temperature: number; top_p: number },
    private readonly signal: AbortSignal,
  ) {
    // Every call of the decision listens on the one signal (the SDK adds its own listeners too).
    setMaxListeners(Math.max(32, deps.config.generation.concurrency * 8), signal);
    this.sampling = deps.config.generation.samplingParameters;
    if (!this.sampling) {
      this.notes.push(
        'The model deployment is configured not to take temperature and top_p (a reasoning model); ' +
          'they were left out and the model used its defaults.',
      );
    }
  }

  /** The temperature and top_p actually sent, or undefined when they were left out. */
  get sentSampling(): { temperature: number; top_p: number } | undefined {
    return this.sampling ? { ...this.settings } : undefined;
  }

  async complete(messages: ChatMessage[], maxOutputTokens?: number): Promise<string> {
    return (await this.completion(messages, { ...(maxOutputTokens ? { maxOutputTokens } : {}) })).text;
  }

  /** One call, its whole result; `onPrefilled` once the endpoint has processed its prompt (or it answered). */
  async completion(
    messages: ChatMessage[],
    options: { maxOutputTokens?: number; onPrefilled?: () => void } = {},
  ): Promise<CompletionResult> {
    await this.acquire();
    try {
      this.signal.throwIfAborted();
      let result: CompletionResult;
      try {
        result = await this.call(messages, options);
      } catch (error) {
        if (refusedForGood(error)) {
          if (/content[_ ]?filter|content management policy|ResponsibleAIPolicyViolation/iu.test(error.message)) {
            throw new PromptFilteredError(DECISION_PIPELINE_MESSAGES.modelRefused(error.status, error.message));
          }
          throw new JobFailure(DECISION_PIPELINE_MESSAGES.modelRefused(error.status, error.message));
        }
        throw error;
      }
      options.onPrefilled?.();
      this.calls += 1;
      this.model ??= result.model;
      this.promptTokens += result.usage?.promptTokens ?? 0;
      this.cachedTokens += result.usage?.cachedTokens ?? 0;
      this.completionTokens += result.usage?.completionTokens ?? 0;
      return result;
    } finally {
      this.release();
    }
  }

  private async call(
    messages: ChatMessage[],
    options: { maxOutputTokens?: number; onPrefilled?: () => void },
  ): Promise<CompletionResult> {
    const base = {
      messages,
      signal: this.signal,
      ...(options.maxOutputTokens ? { maxOutputTokens: options.maxOutputTokens } : {}),
      ...(options.onPrefilled ? { onPrefilled: options.onPrefilled } : {}),
    };
    if (!this.sampling) return this.deps.model.complete(base);
    try {
      return await this.deps.model.complete({ ...base, ...this.settings });
    } catch (error) {
      if (!refusesSampling(error)) throw error;
      if (this.sampling) {
        this.sampling = false;
        this.notes.push(
          'The model deployment does not accept temperature and top_p (a reasoning model); they were left out ' +
            'and the model used its defaults.',
        );
      }
      return this.deps.model.complete(base);
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.deps.config.generation.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    // The slot is handed over by release(), so no later caller can take it in between.
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}

/** Azure's 400 for a prompt its content filter refused: the caller names what was being written. */
export class PromptFilteredError extends JobFailure {
  constructor(message: string) {
    super(message);
    this.name = 'PromptFilteredError';
  }
}

/** A 4xx other than 408 and 429: the same request would be refused again. */
function refusedForGood(error: unknown): error is ModelUnavailableError & { status: number } {
  return (
    error instanceof ModelUnavailableError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** A 400 that names temperature or top_p: the deployment (a reasoning model) does not take them. */
function refusesSampling(error: unknown): boolean {
  return error instanceof ModelUnavailableError && error.status === 400 && /temperature|top_p/i.test(error.message);
}
