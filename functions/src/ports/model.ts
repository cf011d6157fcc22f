import { waitUnlessAborted } from './clock.js';
/** The language model (docs/architecture.md rule 6). Services never construct a client. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  messages: readonly ChatMessage[];
  /** Omitted for deployments of reasoning models that reject it. */
  temperature?: number;
  top_p?: number;
  maxOutputTokens?: number;
  /** Aborts the call (Stop Generating); the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /**
   * Called once the endpoint has processed the prompt (its first token arrived; the adapter then
   * streams the answer). The endpoint caches a prompt prefix only from then on, so calls that share
   * this one's prefix wait for it. Adapters that cannot tell call it when the answer is complete.
   */
  onPrefilled?: () => void;
  /** Called when the endpoint answered 429 (rate limited), with the wait before the adapter's retry. */
  onThrottled?: (retryAfterMs: number) => void;
  /**
   * Called with the deployment's rate-limit headers of every response, success or error (Azure OpenAI's
   * `x-ratelimit-remaining-tokens` / `-requests`, `retry-after-ms` / `Retry-After`), when it sent any.
   */
  onRateLimit?: (report: RateLimitReport) => void;
  /** Called before each retry of the adapter with the failed attempt's status (none: a connection failure). */
  onRetry?: (retry: { attempt: number; status?: number; delayMs: number }) => void;
}

/** What a response's rate-limit headers said; a field is absent when its header was. */
export interface RateLimitReport {
  status: number;
  remainingTokens?: number;
  remainingRequests?: number;
  retryAfterMs?: number;
}

/** Why the model stopped: `length` = cut off at the completion limit, `content_filter` = withheld by the filter. */
export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls' | 'function_call' | (string & {});

export interface CompletionResult {
  text: string;
  model: string;
  /** Absent when the endpoint did not say. */
  finishReason?: FinishReason;
  usage?: { promptTokens: number; completionTokens: number; cachedTokens?: number };
}

export interface Model {
  readonly kind: 'openai-compatible' | 'azure-openai' | 'offline';
  /**
   * Whether the model writes legal text (reasons, a dispositive part) rather than extracting sentences: the
   * services ask this, never the adapter's kind. The offline model does not.
   */
  readonly writesLegalText: boolean;
  complete(request: CompletionRequest): Promise<CompletionResult>;
}

/** Thrown (as `name === 'AbortError'`) when a completion was aborted through its signal. */
export class ModelAbortedError extends Error {
  constructor() {
    super('The model call was aborted.');
    this.name = 'AbortError';
  }
}

/** Thrown when the endpoint failed after the adapter's retries. */
export class ModelUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelUnavailableError';
  }
}

/** A wait that rejects with `ModelAbortedError` as soon as the signal aborts (model retries, budget waits). */
export async function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!(await waitUnlessAborted(ms, signal))) throw new ModelAbortedError();
}
