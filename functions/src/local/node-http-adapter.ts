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

export function toHttpRequest(
  incoming: IncomingMessage,
  url: string,
  params: Record<string, string>,
  bodyLimit: BodyLimit | undefined,
): HttpRequestType {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = bodyLimit !== undefined && method !== 'GET' && method !== 'HEAD';
  const nativeRequest = new Request(url, {
    method,
    headers,
    ...(hasBody
      ? {
          body: Readable.toWeb(incoming.pipe(bodyLimit)) as unknown as ReadableStream<Uint8Array>,
          // Required by fetch's Request for a streamed body.
          duplex: 'half',
        }
      : {}),
  } as ConstructorParameters<typeof Request>[1]);
  // `nativeRequest` is the library's own streaming path (its createStreamRequest
  // passes a native Request the same way); the public init type leaves it out.
  const init = { nativeRequest, params } as unknown as HttpRequestInit;
  return new HttpRequest(init);
}

export async function writeResponse(res: ServerResponse, init: HttpResponseInit, isHead: boolean): Promise<void> {
  const headers = new Headers(init.headers as ConstructorParameters<typeof Headers>[0]);
  let body: unknown = init.body;
  if (init.jsonBody !== undefined) {
    body = JSON.stringify(init.jsonBody);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
  } else if (typeof body === 'string' && !headers.has('content-type')) {
    headers.set('content-type', 'text/plain; charset=utf-8');
  }
  res.statusCode = init.status ?? 200;
  for (const [name, value] of headers) {
    // Headers joins repeated values; set-cookie must stay separate.
    if (name === 'set-cookie') res.setHeader(name, headers.getSetCookie());
    else res.setHeader(name, value);
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
