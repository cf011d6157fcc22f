import type { HttpRequest as HttpRequestType, HttpRequestInit, HttpResponseInit } from '@azure/functions';
import functions from '@azure/functions';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

// @azure/functions is CommonJS; Node's ESM loader cannot see this class as a named export.
const { HttpRequest } = functions;

/**
 * Turns a Node request into the `HttpRequest` of `@azure/functions` and a
 * handler's `HttpResponseInit` back into the Node response, so the local host
 * runs the very handlers the Functions host runs.
 */

/** Counts body bytes as they stream and fails the stream past the limit, so an oversized body is never buffered. */
export class BodyLimit extends Transform {
  private received = 0;
  exceeded = false;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.limit) {
      this.exceeded = true;
      callback(new Error('request body exceeds the limit'));
      return;
    }
    callback(null, chunk);
  }
}

/**
 * Stands in for the fetch `Request` that `HttpRequest` wraps, and builds the
 * real one only when the body is read. Constructing a fetch Request costs more
 * than the rest of a request's handling, and most requests (GETs, refusals
 * before the body) never need one. `HttpRequest` only uses the members below.
 */
class LazyNativeRequest {
  #headers: Headers | undefined;
  #real: Request | undefined;

  constructor(
    private readonly incoming: IncomingMessage,
    readonly url: string,
    readonly method: string,
    private readonly bodyLimit: BodyLimit | undefined,
  ) {}

  get headers(): Headers {
    if (!this.#headers) {
      const headers = new Headers();
      const raw = this.incoming.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
      this.#headers = headers;
    }
    return this.#headers;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.real().body;
  }

  get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false;
  }

  arrayBuffer() {
    return this.real().arrayBuffer();
  }
  blob() {
    return this.real().blob();
  }
  formData() {
    return this.real().formData();
  }
  json() {
    return this.real().json();
  }
  text() {
    return this.real().text();
  }
  clone() {
    return this.real().clone();
  }

  private real(): Request {
    if (!this.#real) {
      const hasBody = this.bodyLimit !== undefined && this.method !== 'GET' && this.method !== 'HEAD';
      this.#real = new Request(this.url, {
        method: this.method,
        headers: this.headers,
        ...(hasBody
          ? {
              body: Readable.toWeb(this.incoming.pipe(this.bodyLimit!)) as unknown as ReadableStream<Uint8Array>,
              // Required by fetch's Request for a streamed body.
              duplex: 'half',
            }
          : {}),
      } as ConstructorParameters<typeof Request>[1]);
    }
    return this.#real;
  }
}

export function toHttpRequest(
  incoming: IncomingMessage,
  href: string,
  hasQuery: boolean,
  params: Record<string, string>,
  bodyLimit: BodyLimit | undefined,
): HttpRequestType {
  const nativeRequest = new LazyNativeRequest(incoming, href, incoming.method ?? 'GET', bodyLimit);
  // `nativeRequest` is the library's own streaming path (its createStreamRequest
  // passes a native Request the same way); the public init type leaves it out.
  // An empty `query` spares HttpRequest from parsing the URL again when there is no query string.
  const init = { nativeRequest, params, ...(hasQuery ? {} : { query: {} }) } as unknown as HttpRequestInit;
  return new HttpRequest(init);
}

export async function writeResponse(res: ServerResponse, init: HttpResponseInit, isHead: boolean): Promise<void> {
  res.statusCode = init.status ?? 200;
  const headers = init.headers;
  if (headers instanceof Headers || Array.isArray(headers)) {
    const normalised = new Headers(headers as ConstructorParameters<typeof Headers>[0]);
    normalised.forEach((value, name) => {
      // Headers joins repeated values; set-cookie must stay separate.
      if (name === 'set-cookie') res.setHeader(name, normalised.getSetCookie());
      else res.setHeader(name, value);
    });
  } else if (headers) {
    // The common case, a plain object: no Headers object needed.
    for (const name in headers) res.setHeader(name, (headers as Record<string, string>)[name]!);
  }
  let body: unknown = init.body;
  if (init.jsonBody !== undefined) {
    body = JSON.stringify(init.jsonBody);
    if (!res.hasHeader('content-type')) res.setHeader('content-type', 'application/json; charset=utf-8');
  } else if (typeof body === 'string' && !res.hasHeader('content-type')) {
    res.setHeader('content-type', 'text/plain; charset=utf-8');
  }

  if (body === undefined || body === null || isHead) {
    res.end();
    return;
  }
  if (typeof body === 'string') {
    res.setHeader('content-length', Buffer.byteLength(body));
    res.end(body);
    return;
  }
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
    const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : body;
    res.setHeader('content-length', bytes.byteLength);
    res.end(bytes);
    return;
  }
  if (body instanceof Blob) {
    res.setHeader('content-length', body.size);
    await pipeline(Readable.fromWeb(body.stream() as WebReadableStream), res);
    return;
  }
  if (body instanceof ReadableStream) {
    await pipeline(Readable.fromWeb(body as WebReadableStream), res);
    return;
  }
  if (body instanceof Readable || isAsyncIterable(body)) {
    await pipeline(body instanceof Readable ? body : Readable.from(body), res);
    return;
  }
  // FormData / URLSearchParams: let fetch's Response serialise them.
  const response = new Response(body as ConstructorParameters<typeof Response>[0]);
  const contentType = response.headers.get('content-type');
  if (contentType && !res.hasHeader('content-type')) res.setHeader('content-type', contentType);
  if (response.body) await pipeline(Readable.fromWeb(response.body as WebReadableStream), res);
  else res.end();
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
