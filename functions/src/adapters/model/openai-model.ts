// Kept over the SDK's own `maxRetries`: in openai 6 it obeys any Retry-After uncapped, with a timer an abort does not cancel, and hides each 429; this loop caps waits at 60 s, aborts at once and reports every retry (onRetry).
import { DefaultAzureCredential, getBearerTokenProvider, type TokenCredential } from '@azure/identity';
import OpenAI, { APIConnectionError, APIError, APIUserAbortError, AzureOpenAI } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
} from 'openai/resources/chat/completions';
import type { ModelConfig } from '../../config.js';
import {
  abortableSleep as sleep,
  ModelAbortedError,
  ModelUnavailableError,
  type CompletionRequest,
  type CompletionResult,
  type Model,
  type RateLimitReport,
} from '../../ports/model.js';

export type OpenAiModelConfig = Extract<ModelConfig, { kind: 'openai-compatible' | 'azure-openai' }>;

export interface OpenAiModelOptions {
  /** Azure only, when no API key is configured. Defaults to `DefaultAzureCredential` (managed identity). */
  credential?: TokenCredential;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: typeof fetch;
  /**
   * Called before each retry with the failed attempt's status (429: the endpoint's rate limit; none: a
   * connection failure or timeout) and how long the adapter waits, Retry-After included.
   */
  onRetry?: (retry: { attempt: number; status?: number; delayMs: number }) => void;
}

/** Scope of Azure OpenAI / Azure AI Foundry for Entra ID tokens. */
const COGNITIVE_SERVICES_SCOPE = 'https://cognitiveservices.azure.com/.default';
/** First back-off step; doubled per attempt. */
const BACKOFF_BASE_MS = 500;
/** Ceiling of the computed back-off (before jitter). */
const BACKOFF_MAX_MS = 30_000;
/** Ceiling of any wait, also of one the server asks for through Retry-After. */
const RETRY_WAIT_CAP_MS = 60_000;

/**
 * The Model port over the `openai` SDK, for any OpenAI-compatible endpoint and for
 * Azure OpenAI.
 *
 * The SDK's own retries are switched off (`maxRetries: 0`) and done here instead, so
 * that the policy is explicit and testable: 429 (honouring Retry-After), 5xx and
 * connection failures/timeouts are retried up to `config.maxRetries` times; any other
 * 4xx fails at once. Aborting the request's signal rejects with `ModelAbortedError`
 * immediately, whether a request is in flight or the adapter is waiting to retry.
 */
export function createOpenAiModel(config: OpenAiModelConfig, options: OpenAiModelOptions = {}): Model {
  const client = createClient(config, options);
  const model = config.kind === 'azure-openai' ? config.deployment : config.model;

  async function complete(request: CompletionRequest): Promise<CompletionResult> {
    const { signal } = request;
    if (signal?.aborted) throw new ModelAbortedError();

    const body: ChatCompletionCreateParamsNonStreaming = {
      model,
      messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
    };
    // Sampling parameters are sent only when given: reasoning-model deployments reject them.
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.top_p !== undefined) body.top_p = request.top_p;
    if (request.maxOutputTokens !== undefined) body.max_completion_tokens = request.maxOutputTokens;

    for (let attempt = 0; ; attempt++) {
      let failure: unknown;
      try {
        const requestOptions = { signal, timeout: config.timeoutMs, maxRetries: 0 };
        if (request.onPrefilled) {
          const onPrefilled = request.onPrefilled;
          return await abortable(
            client.chat.completions
              .create({ ...body, stream: true, stream_options: { include_usage: true } }, requestOptions)
              .withResponse()
              .then(({ data: stream, response }) => {
                reportHeaders(request, response.status, response.headers);
                return collect(stream, model, onPrefilled);
              }),
            signal,
          );
        }
        const { data: completion, response } = await abortable(
          client.chat.completions.create(body, requestOptions).withResponse(),
          signal,
        );
        reportHeaders(request, response.status, response.headers);
        return toResult(completion, model);
      } catch (error) {
        failure = error;
        if (error instanceof APIError && error.headers && error.status !== undefined) {
          reportHeaders(request, error.status, error.headers);
        }
      }

      if (signal?.aborted || failure instanceof ModelAbortedError || failure instanceof APIUserAbortError) {
        throw new ModelAbortedError();
      }
      const status = failure instanceof APIError ? failure.status : undefined;
      if (!isRetryable(failure)) {
        throw new ModelUnavailableError(`The model endpoint rejected the request: ${describe(failure)}`, status);
      }
      if (attempt >= config.maxRetries) {
        throw new ModelUnavailableError(
          `The model endpoint failed after ${attempt + 1} attempt${attempt === 0 ? '' : 's'}: ${describe(failure)}`,
          status,
        );
      }
      const delayMs = retryDelayMs(failure, attempt);
      const retry = { attempt: attempt + 1, ...(status === undefined ? {} : { status }), delayMs };
      options.onRetry?.(retry);
      request.onRetry?.(retry);
      if (status === 429) request.onThrottled?.(delayMs);
      await sleep(delayMs, signal);
    }
  }

  return { kind: config.kind, writesLegalText: true, complete };
}

function createClient(config: OpenAiModelConfig, options: OpenAiModelOptions): OpenAI {
  const common = { timeout: config.timeoutMs, maxRetries: 0, fetch: options.fetch };
  if (config.kind === 'openai-compatible') {
    // Local servers (Ollama, vLLM, llama.cpp) need no key, but the SDK throws without one.
    return new OpenAI({ ...common, baseURL: config.baseURL, apiKey: config.apiKey ?? 'not-needed' });
  }
  const auth = config.apiKey
    ? { apiKey: config.apiKey }
    : {
        azureADTokenProvider: getBearerTokenProvider(
          options.credential ?? new DefaultAzureCredential(),
          COGNITIVE_SERVICES_SCOPE,
        ),
      };
  return new AzureOpenAI({
    ...common,
    ...auth,
    endpoint: config.endpoint,
    deployment: config.deployment,
    apiVersion: config.apiVersion,
  });
}

function toResult(completion: ChatCompletion, fallbackModel: string): CompletionResult {
  const choice = completion.choices[0];
  if (!choice) throw new ModelUnavailableError('The model endpoint returned no choices.');
  const result: CompletionResult = { text: choice.message.content ?? '', model: completion.model || fallbackModel };
  if (choice.finish_reason) result.finishReason = choice.finish_reason;
  if (completion.usage) result.usage = toUsage(completion.usage);
  return result;
}

function toUsage(usage: NonNullable<ChatCompletion['usage']>): NonNullable<CompletionResult['usage']> {
  const result: NonNullable<CompletionResult['usage']> = {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
  };
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (typeof cached === 'number') result.cachedTokens = cached;
  return result;
}

/**
 * Reads a streamed answer: `onPrefilled` at the first chunk that carries a choice (the endpoint has
 * processed the prompt; Azure's content-filter chunk before it has none), the text, the finish reason,
 * and the usage of the last chunk (`stream_options.include_usage`).
 */
async function collect(
  stream: AsyncIterable<ChatCompletionChunk>,
  fallbackModel: string,
  onPrefilled: () => void,
): Promise<CompletionResult> {
  let prefilled = false;
  let text = '';
  let sawChoice = false;
  const result: CompletionResult = { text: '', model: fallbackModel };
  for await (const chunk of stream) {
    if (chunk.model) result.model = chunk.model;
    const choice = chunk.choices[0];
    if (choice) {
      sawChoice = true;
      if (!prefilled) {
        prefilled = true;
        onPrefilled();
      }
      text += choice.delta?.content ?? '';
      if (choice.finish_reason) result.finishReason = choice.finish_reason;
    }
    if (chunk.usage) result.usage = toUsage(chunk.usage);
  }
  if (!sawChoice) throw new ModelUnavailableError('The model endpoint returned no choices.');
  result.text = text;
  return result;
}

/** 429 and 5xx are transient; so are connection failures and timeouts (no status). */
function isRetryable(error: unknown): boolean {
  if (error instanceof APIConnectionError) return true;
  if (error instanceof APIError) {
    const status = error.status;
    if (status === undefined) return true;
    return status === 429 || status === 408 || status >= 500;
  }
  return false;
}

/**
 * How long to wait before retry number `attempt + 1`: what the server asked for in
 * `retry-after-ms` / `Retry-After` (seconds or an HTTP date) when present, else
 * exponential back-off with jitter; never more than `RETRY_WAIT_CAP_MS`.
 */
export function retryDelayMs(error: unknown, attempt: number): number {
  const headers = error instanceof APIError ? error.headers : undefined;
  const requested = headers ? requestedDelayMs(headers) : undefined;
  if (requested !== undefined) return Math.min(requested, RETRY_WAIT_CAP_MS);
  const exponential = Math.min(BACKOFF_BASE_MS * 2 ** attempt, BACKOFF_MAX_MS);
  // Jitter between 75 % and 100 % of the step keeps concurrent workers from retrying in lock-step.
  return Math.min(Math.round(exponential * (0.75 + Math.random() * 0.25)), RETRY_WAIT_CAP_MS);
}

/** The deployment's rate-limit headers, to the request's `onRateLimit` (when it sent any). */
function reportHeaders(request: CompletionRequest, status: number, headers: Headers): void {
  if (!request.onRateLimit) return;
  const report: RateLimitReport = { status };
  const tokens = count(headers.get('x-ratelimit-remaining-tokens'));
  const requests = count(headers.get('x-ratelimit-remaining-requests'));
  const retryAfterMs = requestedDelayMs(headers);
  if (tokens !== undefined) report.remainingTokens = tokens;
  if (requests !== undefined) report.remainingRequests = requests;
  if (retryAfterMs !== undefined) report.retryAfterMs = Math.min(retryAfterMs, RETRY_WAIT_CAP_MS);
  if (tokens === undefined && requests === undefined && retryAfterMs === undefined) return;
  request.onRateLimit(report);
}

function count(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? Math.floor(parsed) : undefined;
}

function requestedDelayMs(headers: Headers): number | undefined {
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && milliseconds.trim() !== '') {
    const value = Number(milliseconds);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const retryAfter = headers.get('retry-after');
  if (retryAfter === null || retryAfter.trim() === '') return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(retryAfter);
  if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  return undefined;
}

function describe(error: unknown): string {
  if (error instanceof APIError) {
    return error.status === undefined ? error.message : `HTTP ${error.status}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Races `promise` against the signal so that an abort rejects at once, however long
 * the SDK takes to tear down its request (the SDK also gets the signal and cancels
 * the underlying fetch).
 */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ModelAbortedError());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
