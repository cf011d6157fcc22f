import type { HttpRequest, HttpResponseInit } from '@azure/functions';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { LocalHttpRequest } from './local-invocation.js';

/**
 * Turns a Node request into an `HttpRequest` of `@azure/functions` (see
 * local-invocation.ts) and a handler's `HttpResponseInit` back into the Node
 * response, so the local host runs the very handlers the Functions host runs.
 */

/**
 * How much of a refused request body the host still reads and throws away: twice the route's limit. A browser
 * that is still sending when the connection closes reports a network error ("Failed to fetch") instead of the
 * answer, so a refusal (413, a locked phase's 409) is sent only once the body is in; a body larger than this is
 * cut off with `Connection: close` all the same, so a client cannot make the host read without end.
 */
export const refusedBodyAllowance = (limit: number): number => 2 * limit;

/**
 * Reads and throws away what is left of a request body, at most `maxBytes` more; true when the body ended
 * within that (the connection can then stay open), false when it was longer or broke off.
 */
export function discardBody(incoming: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (incoming.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let read = 0;
    let settled = false;
    const finish = (ended: boolean) => {
      if (settled) return;
      settled = true;
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('close', onClose);
      incoming.off('error', onClose);
      if (!ended) incoming.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(incoming.complete);
    incoming.unpipe();
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('close', onClose);
    incoming.once('error', onClose);
    incoming.resume();
  });
}

/** Counts body bytes as they stream and fails the stream past the limit, so an oversized body is never buffered. */
export class BodyLimit extends Transform {
  /** Body bytes that have come through so far. */
  received = 0;
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
  href: string,
  params: Record<string, string>,
  bodyLimit: BodyLimit | undefined,
): HttpRequest {
  const method = incoming.method ?? 'GET';
  const hasBody = bodyLimit !== undefined && method !== 'GET' && method !== 'HEAD';
  return new LocalHttpRequest(
    method,
    href,
    incoming.rawHeaders,
    params,
    hasBody ? incoming.pipe(bodyLimit) : undefined,
    incoming.socket.remoteAddress,
  );
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
