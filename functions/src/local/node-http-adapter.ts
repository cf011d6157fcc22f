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
 *
 * It keeps the raw header list, not the IncomingMessage: measured under load,
 * a per-request object that points at the IncomingMessage makes V8 keep these
 * objects past young-generation collections (heap growth, scavenges several
 * times slower). Only a request with a body holds on to its body stream.
 */
class LazyNativeRequest {
  #headers: Headers | undefined;
  #real: Request | undefined;

  constructor(
    private readonly rawHeaders: readonly string[],
    readonly url: string,
    readonly method: string,
    private readonly bodyStream: Readable | undefined,
  ) {}

  get headers(): Headers {
    if (!this.#headers) {
      const headers = new Headers();
      const raw = this.rawHeaders;
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
    this.#real ??= new Request(this.url, {
      method: this.method,
      headers: this.headers,
      ...(this.bodyStream
        ? {
            body: Readable.toWeb(this.bodyStream) as unknown as ReadableStream<Uint8Array>,
            // Required by fetch's Request for a streamed body.
            duplex: 'half',
          }
        : {}),
    } as ConstructorParameters<typeof Request>[1]);
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
  const method = incoming.method ?? 'GET';
  const hasBody = bodyLimit !== undefined && method !== 'GET' && method !== 'HEAD';
  const nativeRequest = new LazyNativeRequest(
    incoming.rawHeaders,
    href,
    method,
    hasBody ? incoming.pipe(bodyLimit) : undefined,
  );
  // `nativeRequest` is the library's own streaming path (its createStreamRequest
  // passes a native Request the same way); the public init type leaves it out.
  // An empty `query` spares HttpRequest from parsing the URL again when there is no query string.
  const init = { nativeRequest, params, ...(hasQuery ? {} : { query: {} }) } as unknown as HttpRequestInit;
  return new HttpRequest(init);
}

/**
 * Writes a handler's answer. Bodies that are already in memory (JSON, text,
 * bytes) are written synchronously with a single writeHead; streams are piped
 * and the returned promise settles when the last byte is out.
 */
export function writeResponse(res: ServerResponse, init: HttpResponseInit, isHead: boolean): Promise<void> | undefined {
  const status = init.status ?? 200;
  const headers = collectHeaders(init.headers);
  let body: unknown = init.body;
  if (init.jsonBody !== undefined) {
    body = JSON.stringify(init.jsonBody);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  } else if (typeof body === 'string') {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  }

  if (body === undefined || body === null) {
    res.writeHead(status, headers).end();
    return undefined;
  }
  if (typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer) {
    const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : body;
    headers['content-length'] = String(typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength);
    res.writeHead(status, headers);
    if (isHead) res.end();
    else res.end(bytes);
    return undefined;
  }
  return writeStream(res, status, headers, body, isHead);
}

/** Response headers as a plain object with lower-case names (set-cookie kept as a list). */
function collectHeaders(init: HttpResponseInit['headers']): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  if (init instanceof Headers || Array.isArray(init)) {
    const normalised = new Headers(init as ConstructorParameters<typeof Headers>[0]);
    normalised.forEach((value, name) => {
      // Headers joins repeated values; set-cookie must stay separate.
      headers[name] = name === 'set-cookie' ? normalised.getSetCookie() : value;
    });
  } else if (init) {
    // The common case, a plain object: no Headers object needed.
    for (const name in init) headers[name.toLowerCase()] = (init as Record<string, string>)[name]!;
  }
  return headers;
}

async function writeStream(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: unknown,
  isHead: boolean,
): Promise<void> {
  let stream: Readable | undefined;
  if (body instanceof Blob) {
    headers['content-length'] = String(body.size);
    stream = Readable.fromWeb(body.stream() as WebReadableStream);
  } else if (body instanceof ReadableStream) {
    stream = Readable.fromWeb(body as WebReadableStream);
  } else if (body instanceof Readable) {
    stream = body;
  } else if (isAsyncIterable(body)) {
    stream = Readable.from(body);
  } else {
    // FormData / URLSearchParams: let fetch's Response serialise them.
    const response = new Response(body as ConstructorParameters<typeof Response>[0]);
    headers['content-type'] ??= response.headers.get('content-type') ?? 'application/octet-stream';
    stream = response.body ? Readable.fromWeb(response.body as WebReadableStream) : undefined;
  }
  res.writeHead(status, headers);
  if (!stream || isHead) {
    stream?.destroy();
    res.end();
    return;
  }
  await pipeline(stream, res);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
