import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible server on loopback for the Model adapter's contract tests.
 *
 * Serves `POST /v1/chat/completions` (OpenAI-compatible) and
 * `POST /openai/deployments/{deployment}/chat/completions?api-version=…` (Azure), records
 * every request, and answers from a scriptable queue; with the queue empty it answers a
 * normal completion.
 */

export type FakeResponse =
  | {
      kind: 'completion';
      text?: string;
      model?: string;
      usage?: { prompt_tokens: number; completion_tokens: number; cached_tokens?: number };
      /** Answer only after this many milliseconds. */
      delayMs?: number;
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
}

export interface ChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  temperature?: number;
  top_p?: number;
  max_completion_tokens?: number;
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
  close(): Promise<void>;
}

const AZURE_PATH = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

export async function start(): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  const queue: FakeResponse[] = [];
  let responder: ((body: ChatBody | undefined) => FakeResponse | undefined) | undefined;

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
      };
      if (azure?.[1]) recorded.deployment = decodeURIComponent(azure[1]);

      if (req.method !== 'POST' || (url.pathname !== '/v1/chat/completions' && !azure)) {
        return sendJson(res, 404, { error: { message: `No route for ${req.method} ${url.pathname}` } });
      }
      requests.push(recorded);
      answer(res, queue.shift() ?? responder?.(body) ?? { kind: 'completion' }, body, recorded.deployment);
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
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging responses keep their sockets open; drop them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: ServerResponse, response: FakeResponse, body: ChatBody | undefined, deployment?: string): void {
  switch (response.kind) {
    case 'hang':
      return;
    case 'error':
      res.writeHead(response.status, { 'content-type': 'application/json', ...response.headers });
      res.end(
        JSON.stringify(response.body ?? { error: { message: `Fake error ${response.status}`, type: 'fake_error' } }),
      );
      return;
    case 'completion': {
      const send = () => {
        const usage = response.usage ?? { prompt_tokens: 12, completion_tokens: 3 };
        sendJson(res, 200, {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: response.model ?? body?.model ?? deployment ?? 'fake-model',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content: response.text ?? 'Fake answer.', refusal: null },
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
      if (response.delayMs) setTimeout(send, response.delayMs);
      else send();
      return;
    }
  }
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}
