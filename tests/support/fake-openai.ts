import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible server on loopback for the Model adapter's contract tests.
 *
 * Serves `POST /v1/chat/completions` (OpenAI-compatible) and
 * `POST /openai/deployments/{deployment}/chat/completions?api-version=…` (Azure), records
 * every request, and answers from a scriptable queue; with the queue empty it answers a
 * normal completion. A request with `stream: true` is answered as server-sent events: the
 * first chunk once its prompt is processed (`prefillMs`), the rest when it is done (`delayMs`).
 *
 * The prompt cache is modelled as Azure OpenAI's behaves: a completion with `usage: 'measured'`
 * reports its prompt tokens (about four characters a token) and as cached the longest prefix it
 * shares with an earlier request whose prompt had been processed (its prefill finished) before
 * this one arrived — simultaneous first calls all pay in full.
 *
 * With `limitTokens`, the server enforces a deployment's quota as Azure OpenAI does: a request counts its
 * prompt (about four characters a token; `charsPerToken` 3.5 counts as a real tokenizer does on these
 * texts) and its `max_completion_tokens` against a sliding window; one that would take the window's
 * requests past the limit is answered 429 with `retry-after-ms` and `Retry-After` (the time until enough of
 * the window has passed), and counted in `throttled`. Every response then carries Azure's
 * `x-ratelimit-remaining-tokens` and `x-ratelimit-remaining-requests`; `useElsewhere` spends tokens of the
 * window as another application on the same deployment would.
 */

export type FakeResponse =
  | {
      kind: 'completion';
      text?: string;
      model?: string;
      usage?: { prompt_tokens: number; completion_tokens: number; cached_tokens?: number } | 'measured';
      /** Answer only after this many milliseconds (streamed: the last chunk). */
      delayMs?: number;
      /** The prompt is processed (cacheable; streamed: the first chunk) after this many milliseconds. */
      prefillMs?: number;
      /** `stop` unless given (`length`, `content_filter`). */
      finishReason?: string;
      /** The answer (streamed: the chunks after the first) waits for this too: a test's barrier instead of a delay. */
      restAfter?: Promise<unknown>;
    }
  | { kind: 'error'; status: number; headers?: Record<string, string>; body?: unknown }
  /** Never answers; the connection stays open until the client gives up or the server closes. */
  | { kind: 'hang' };

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: ChatBody | undefined;
  /** `performance.now()` when the request arrived. */
  receivedAt: number;
  /** Azure flavour only: the deployment named in the path. */
  deployment?: string;
  /** `performance.now()` when its prompt was processed (counts as cached for later requests from then on). */
  prefilledAt?: number;
  /**
   * The order of events at this endpoint, one counter for all requests: when the request had arrived, when
   * its first streamed chunk was sent, and when its answer was complete. For tests of order without clocks.
   */
  arrival?: number;
  firstChunk?: number;
  finished?: number;
  /** What a `usage: 'measured'` answer reported. */
  promptTokens?: number;
  cachedTokens?: number;
  /** Refused with 429 by the quota of `limitTokens`. */
  throttled?: boolean;
}

export interface ChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  temperature?: number;
  top_p?: number;
  max_completion_tokens?: number;
  stream?: boolean;
  [key: string]: unknown;
}

export interface FakeOpenAi {
  /** OpenAI-compatible base URL, ending in `/v1`. */
  baseURL: string;
  /** Origin, for the Azure flavour's `endpoint`. */
  origin: string;
  requests: RecordedRequest[];
  enqueue(...responses: FakeResponse[]): void;
  /**
   * Answers requests when the queue is empty, by what they ask (parallel calls arrive in any order).
   * Undefined from it, or no responder: a normal completion.
   */
  respondWith(responder: ((body: ChatBody | undefined) => FakeResponse | undefined) | undefined): void;
  /** Enforces a quota of tokens per sliding window (undefined: none). */
  limitTokens(limit: { tokensPerWindow: number; windowMs: number } | undefined): void;
  /** Requests refused with 429 by that quota so far. */
  readonly throttled: number;
  /** Another application spends `tokens` of the quota's window now (seen only through the headers and 429s). */
  useElsewhere(tokens: number): void;
  close(): Promise<void>;
}

const AZURE_PATH = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

export interface FakeOptions {
  /** Characters a token when counting prompts and measured answers (default 4). */
  charsPerToken?: number;
  /** Requests per window for the remaining-requests header (default 600). */
  requestsPerWindow?: number;
}

export async function start(options: FakeOptions = {}): Promise<FakeOpenAi> {
  const charsPerToken = options.charsPerToken ?? 4;
  const tokensOf = (characters: number) => Math.ceil(characters / charsPerToken);
  const requestsPerWindow = options.requestsPerWindow ?? 600;
  const requests: RecordedRequest[] = [];
  const queue: FakeResponse[] = [];
  let sequence = 0;
  const next = () => ++sequence;
  let responder: ((body: ChatBody | undefined) => FakeResponse | undefined) | undefined;
  let limit: { tokensPerWindow: number; windowMs: number } | undefined;
  /** Requests the quota let through: [performance.now(), tokens]. */
  let counted: [number, number][] = [];
  let throttled = 0;

  const server = createServer((req, res) => {
    const receivedAt = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const azure = AZURE_PATH.exec(url.pathname);
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: ChatBody | undefined;
      try {
        body = JSON.parse(raw) as ChatBody;
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        receivedAt,
        arrival: next(),
      };
      if (azure?.[1]) recorded.deployment = decodeURIComponent(azure[1]);

      if (req.method !== 'POST' || (url.pathname !== '/v1/chat/completions' && !azure)) {
        return sendJson(res, 404, {}, { error: { message: `No route for ${req.method} ${url.pathname}` } });
      }
      let rateHeaders: Record<string, string> = {};
      if (limit) {
        const cost = tokensOf(promptOf(body).length) + (body?.max_completion_tokens ?? 0);
        counted = counted.filter(([at]) => at > receivedAt - limit!.windowMs);
        let used = counted.reduce((sum, [, tokens]) => sum + tokens, 0);
        const remaining = (extra: number) => ({
          'x-ratelimit-remaining-tokens': String(Math.max(0, limit!.tokensPerWindow - used - extra)),
          'x-ratelimit-remaining-requests': String(
            Math.max(0, requestsPerWindow - counted.length - (extra > 0 ? 1 : 0)),
          ),
        });
        if (used + cost > limit.tokensPerWindow && used > 0) {
          let waitMs = limit.windowMs;
          for (const [at, tokens] of counted) {
            used -= tokens;
            if (used + cost <= limit.tokensPerWindow) {
              waitMs = Math.max(1, Math.ceil(at + limit.windowMs - receivedAt));
              break;
            }
          }
          throttled += 1;
          requests.push({ ...recorded, throttled: true });
          used = counted.reduce((sum, [, tokens]) => sum + tokens, 0);
          res.writeHead(429, {
            'content-type': 'application/json',
            ...remaining(0),
            'retry-after-ms': String(waitMs),
            'retry-after': String(Math.ceil(waitMs / 1000)),
          });
          res.end(JSON.stringify({ error: { code: '429', message: 'Rate limit of the fake deployment exceeded.' } }));
          return;
        }
        rateHeaders = remaining(cost);
        counted.push([receivedAt, cost]);
      }
      const response = queue.shift() ?? responder?.(body) ?? { kind: 'completion' };
      if (response.kind === 'completion') {
        recorded.prefilledAt = receivedAt + (response.prefillMs ?? 0);
        if (response.usage === 'measured') measure(recorded, requests, tokensOf, charsPerToken);
      }
      requests.push(recorded);
      answer(res, response, body, recorded, next, tokensOf, rateHeaders);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    baseURL: `${origin}/v1`,
    origin,
    requests,
    enqueue: (...responses) => queue.push(...responses),
    respondWith: (next) => {
      responder = next;
    },
    limitTokens: (next) => {
      limit = next;
      counted = [];
    },
    get throttled() {
      return throttled;
    },
    useElsewhere: (tokens) => {
      counted.push([performance.now(), tokens]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging responses keep their sockets open; drop them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Characters of a request's prompt, in order: what a prefix cache keys on. */
function promptOf(body: ChatBody | undefined): string {
  return (body?.messages ?? []).map((message) => `<${message.role}>${message.content}`).join('');
}

/** Prompt tokens, and the longest prefix an earlier request had finished processing before this one arrived. */
function measure(
  request: RecordedRequest,
  earlier: readonly RecordedRequest[],
  tokensOf: (characters: number) => number,
  charsPerToken: number,
): void {
  const prompt = promptOf(request.body);
  let shared = 0;
  for (const other of earlier) {
    if (other.prefilledAt === undefined || other.prefilledAt > request.receivedAt) continue;
    const text = promptOf(other.body);
    const limit = Math.min(text.length, prompt.length);
    let common = 0;
    while (common < limit && text.charCodeAt(common) === prompt.charCodeAt(common)) common++;
    shared = Math.max(shared, common);
  }
  request.promptTokens = tokensOf(prompt.length);
  request.cachedTokens = Math.floor(shared / charsPerToken);
}

function answer(
  res: ServerResponse,
  response: FakeResponse,
  body: ChatBody | undefined,
  request: RecordedRequest,
  next: () => number,
  tokensOf: (characters: number) => number,
  rateHeaders: Record<string, string>,
): void {
  const deployment = request.deployment;
  switch (response.kind) {
    case 'hang':
      return;
    case 'error':
      res.writeHead(response.status, { 'content-type': 'application/json', ...rateHeaders, ...response.headers });
      res.end(
        JSON.stringify(response.body ?? { error: { message: `Fake error ${response.status}`, type: 'fake_error' } }),
      );
      return;
    case 'completion': {
      const text = response.text ?? 'Fake answer.';
      const usage =
        response.usage === 'measured'
          ? {
              prompt_tokens: request.promptTokens ?? 0,
              completion_tokens: tokensOf(text.length),
              cached_tokens: request.cachedTokens ?? 0,
            }
          : (response.usage ?? { prompt_tokens: 12, completion_tokens: 3 });
      const model = response.model ?? body?.model ?? deployment ?? 'fake-model';
      const finishReason = response.finishReason ?? 'stop';
      if (body?.stream) {
        stream(
          res,
          response,
          { text, model, finishReason, usage, headers: rateHeaders },
          {
            first: () => (request.firstChunk = next()),
            done: () => (request.finished = next()),
          },
        );
        return;
      }
      const send = () => {
        request.finished = next();
        sendJson(res, 200, rateHeaders, {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [
            {
              index: 0,
              finish_reason: finishReason,
              message: { role: 'assistant', content: text, refusal: null },
            },
          ],
          usage: {
            prompt_tokens: usage.prompt_tokens,
            completion_tokens: usage.completion_tokens,
            total_tokens: usage.prompt_tokens + usage.completion_tokens,
            ...(usage.cached_tokens === undefined
              ? {}
              : { prompt_tokens_details: { cached_tokens: usage.cached_tokens } }),
          },
        });
      };
      if (response.restAfter) {
        const delayed = new Promise((resolve) => setTimeout(resolve, response.delayMs ?? 0));
        void Promise.all([delayed, response.restAfter]).then(send);
      } else if (response.delayMs) setTimeout(send, response.delayMs);
      else send();
      return;
    }
  }
}

/** The answer as server-sent events: a first chunk after the prefill, the text and the finish, then the usage. */
function stream(
  res: ServerResponse,
  response: { prefillMs?: number; delayMs?: number; restAfter?: Promise<unknown> },
  answer: {
    text: string;
    model: string;
    finishReason: string;
    usage: { prompt_tokens: number; completion_tokens: number; cached_tokens?: number };
    headers: Record<string, string>;
  },
  sent: { first: () => void; done: () => void },
): void {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000) };
  const event = (payload: unknown) => {
    if (!res.destroyed) res.write(`data: ${JSON.stringify(payload)}\n\n`);
  };
  const prefillMs = response.prefillMs ?? 0;
  const first = () => {
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'text/event-stream', ...answer.headers });
    sent.first();
    event({
      ...base,
      model: answer.model,
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
  };
  const rest = () => {
    if (res.destroyed) return;
    event({
      ...base,
      model: answer.model,
      choices: [{ index: 0, delta: { content: answer.text }, finish_reason: null }],
    });
    event({ ...base, model: answer.model, choices: [{ index: 0, delta: {}, finish_reason: answer.finishReason }] });
    const { usage } = answer;
    event({
      ...base,
      model: answer.model,
      choices: [],
      usage: {
        prompt_tokens: usage.prompt_tokens,
        completion_tokens: usage.completion_tokens,
        total_tokens: usage.prompt_tokens + usage.completion_tokens,
        ...(usage.cached_tokens === undefined ? {} : { prompt_tokens_details: { cached_tokens: usage.cached_tokens } }),
      },
    });
    sent.done();
    res.end('data: [DONE]\n\n');
  };
  setTimeout(first, prefillMs);
  const delayed = new Promise((resolve) => setTimeout(resolve, Math.max(prefillMs, response.delayMs ?? 0)));
  void Promise.all([delayed, response.restAfter]).then(rest);
}

function sendJson(res: ServerResponse, status: number, headers: Record<string, string>, payload: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(payload));
}

/** Which chapter (1–7) a decision request asks the model to write, from its last chapter request. */
export function chapterAskedIn(body: ChatBody | undefined): number | undefined {
  const asks = (body?.messages ?? []).filter((message) => message.role === 'user').map((message) => message.content);
  for (const content of asks.reverse()) {
    const match = /^Kirjoita seuraavaksi (?:välitystuomion|ratkaisuehdotuksen) luku (\d)/u.exec(content);
    if (match) return Number(match[1]);
  }
  return undefined;
}
