import type { HttpResponseInit } from '@azure/functions';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJson } from '../../functions/src/http/read-body.js';
import { ok } from '../../functions/src/http/responses.js';
import type { RouteDefinition } from '../../functions/src/http/route.js';
import { routes } from '../../functions/src/routes.js';
import { verifyPassword } from '../../functions/src/services/accounts/hash-password.js';
import type { UserDocument } from '../../functions/src/records/user-document.js';
import { startTestHost } from './support/start-host.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The local host's HTTP pipeline, exercised through the real server with the
 * product's route table plus a few probe routes that have the shapes later
 * routes will have (a JSON body, a signed-in route, a streamed upload and
 * download, a slow handler, a handler with a bug).
 */
const echoSchema = z.object({ name: z.string().min(3, 'Name must be at least 3 characters') });
let release: (() => void) | undefined;
/** Called when the slow probe's handler has started: a barrier instead of a sleep. */
let slowStarted: () => void = () => {};
const probeRoutes: RouteDefinition[] = [
  {
    name: 'probeEcho',
    method: 'POST',
    path: '/api/probe/echo',
    access: 'public',
    body: 'json',
    handler: async ({ request }) => ok(await readJson(request, echoSchema)),
  },
  {
    name: 'probePrivate',
    method: 'GET',
    path: '/api/probe/private',
    access: 'user',
    body: 'none',
    handler: async () => ok({ secret: true }),
  },
  {
    name: 'probeQuery',
    method: 'GET',
    path: '/api/probe/query/{id}',
    access: 'public',
    body: 'none',
    // Any id, so the decoding of the path can be seen.
    paramPattern: /^[^]{1,64}$/,
    handler: async ({ request, params }) =>
      ok({
        id: params.id,
        q: request.query.getAll('q'),
        url: request.url,
        agent: request.headers.get('user-agent'),
      }),
  },
  {
    name: 'probeUpload',
    method: 'POST',
    path: '/api/probe/upload',
    access: 'public',
    body: 'multipart',
    handler: async ({ request }) => {
      let bytes = 0;
      for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
      return ok({ bytes });
    },
  },
  {
    name: 'probeDownload',
    method: 'GET',
    path: '/api/probe/download/{size}',
    access: 'public',
    body: 'none',
    handler: async ({ params }): Promise<HttpResponseInit> => {
      const size = Number(params.size);
      const chunk = Buffer.alloc(64 * 1024, 7);
      async function* generate() {
        for (let sent = 0; sent < size; sent += chunk.length)
          yield chunk.subarray(0, Math.min(chunk.length, size - sent));
      }
      return { status: 200, headers: { 'content-type': 'application/pdf' }, body: Readable.from(generate()) as never };
    },
  },
  {
    name: 'probeSlow',
    method: 'GET',
    path: '/api/probe/slow',
    access: 'public',
    body: 'none',
    handler: async () => {
      const released = new Promise<void>((resolve) => (release = resolve));
      slowStarted();
      await released;
      return ok({ finished: true });
    },
  },
  {
    name: 'probeBug',
    method: 'GET',
    path: '/api/probe/bug',
    access: 'public',
    body: 'none',
    handler: async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'secretInternals')");
    },
  },
];

describe('local host', () => {
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'ratkaisu-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Ratkaisu</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  });
  const host = useTestHost(
    () => ({
      ADMIN_EMAIL: 'root@example.fi',
      ADMIN_PASSWORD: 'correct horse battery',
      WEB_DIST_DIR: webDist,
      MAX_JSON_BODY_BYTES: '2048',
      PASSWORD_HASH_COST: 'owasp',
    }),
    { routes: [...routes, ...probeRoutes] },
  );
  // Registered after the host, so it runs before the host stops (vitest runs after-hooks last first).
  afterAll(() => {
    release?.();
  });

  it('reports every dependency on /health', async () => {
    const response = await host.fetch('/health');
    expect(response.status).toBe(200);
    const health = await response.json();
    expect(health).toMatchObject({
      status: 'ok',
      environment: 'test',
      dependencies: {
        store: { status: 'ok', kind: 'sqlite' },
        blobs: { status: 'ok', kind: 'azurite' },
        queue: { status: 'ok', kind: 'in-process' },
        model: { status: 'ok', kind: 'offline' },
        mailer: { status: 'ok', kind: 'outbox' },
      },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the meta route as JSON', async () => {
    const response = await host.fetch('/api/meta');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      name: 'Ratkaisu',
      model: 'offline',
      signIn: { local: true, entra: null },
      uploads: { maxUploadBytes: 25 * 1024 * 1024 },
    });
  });

  it('creates the first super-administrator from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    expect(host.firstAdmin).toEqual({ created: true, email: 'root@example.fi', userName: 'root@example.fi' });
    const page = await host.deps.store.collection<UserDocument>('users').query({});
    expect(page.items).toHaveLength(1);
    const admin = page.items[0]!;
    expect(admin).toMatchObject({
      email: 'root@example.fi',
      userName: 'root@example.fi',
      roles: ['SuperAdmin'],
      tenantId: 'default',
    });
    expect(admin.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(admin.passwordHash!, 'correct horse battery')).toBe(true);
  });

  it('answers an unknown route with 404 JSON and a wrong method with 405', async () => {
    const missing = await host.fetch('/api/no/such/route', { headers: { accept: 'application/json' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      code: 'route_not_found',
      reason: 'requests.noRoute',
      params: {},
      message: 'There is nothing at this address.',
    });
    const wrongMethod = await host.fetch('/health', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    expect(await wrongMethod.json()).toEqual({
      code: 'method_not_allowed',
      reason: 'requests.methodNotAllowed',
      params: { method: 'DELETE', allow: 'GET' },
      message: 'This address does not take DELETE requests. Use: GET.',
    });
  });

  it('answers malformed and invalid JSON with 400 and a clear message', async () => {
    const malformed = await host.fetch('/api/probe/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      code: 'malformed_json',
      reason: 'requests.notJson',
      params: {},
      message: 'The request body is not valid JSON.',
    });

    const invalid = await host.fetch('/api/probe/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ab' }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      code: 'validation_failed',
      message: 'Name must be at least 3 characters',
      fields: { name: 'Name must be at least 3 characters' },
      // The field's problem by its catalogued reason, for the screens' language (docs/architecture.md "Errors").
      fieldReasons: { name: { reason: 'fields.tooShort', params: { min: 3 } } },
      reason: 'fields.tooShort',
      params: { min: 3 },
    });

    const valid = await host.fetch('/api/probe/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ratkaisu' }),
    });
    expect(await valid.json()).toEqual({ name: 'Ratkaisu' });
  });

  it('hands the handler its path parameters, query, absolute URL and headers', async () => {
    const response = await host.fetch('/api/probe/query/a%2Fb?q=1&q=%C3%A4', { headers: { 'user-agent': 'probe/1' } });
    expect(await response.json()).toEqual({
      id: 'a/b',
      q: ['1', 'ä'],
      url: `http://localhost:${host.port}/api/probe/query/a%2Fb?q=1&q=%C3%A4`,
      agent: 'probe/1',
    });
    const head = await host.fetch('/api/probe/query/x', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('refuses an oversized body, declared or streamed, with 413', async () => {
    const declared = await host.fetch('/api/probe/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(5000) }),
    });
    expect(declared.status).toBe(413);
    expect((await declared.json()).code).toBe('payload_too_large');

    // Chunked: no Content-Length, so the limit is enforced while streaming.
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/api/probe/echo',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 10; i++) req.write('{"name":"' + 'y'.repeat(1000));
      req.end('"}');
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).code).toBe('payload_too_large');
  });

  it('requires a bearer session on signed-in routes', async () => {
    const anonymous = await host.fetch('/api/probe/private');
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe('unauthorized');
    const forged = await host.fetch('/api/probe/private', { headers: { authorization: 'Bearer made-up-token' } });
    expect(forged.status).toBe(401);
  });

  it('turns a bug into a 500 without a stack trace or internals', async () => {
    const response = await host.fetch('/api/probe/bug');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      code: 'internal',
      reason: 'general.internal',
      params: {},
      message: 'An unexpected error occurred. Please try again later.',
    });
    expect(text).not.toMatch(/secretInternals|TypeError|at .*\.ts/);
  });

  it('streams request and response bodies', async () => {
    const size = 8 * 1024 * 1024 + 123;
    const upload = await host.fetch('/api/probe/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(size, 1),
    });
    expect(await upload.json()).toEqual({ bytes: size });

    const download = await host.fetch(`/api/probe/download/${size}`);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect((await download.arrayBuffer()).byteLength).toBe(size);
  });

  it('serves the SPA with long-lived hashed assets, revalidated HTML and client-side route fallback', async () => {
    const asset = await host.fetch('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);

    const route = await host.fetch('/case-attachment/123', { headers: { accept: 'text/html' } });
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(route.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const etag = route.headers.get('etag')!;
    const again = await host.fetch('/', { headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const missingAsset = await host.fetch('/assets/missing.js');
    expect(missingAsset.status).toBe(404);
  });
});

describe('local host lifecycle', () => {
  it('lets an in-flight request finish on shutdown, then refuses connections', async () => {
    const host = await startTestHost({}, { routes: [...routes, ...probeRoutes] });
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const slow = host.fetch('/api/probe/slow');
    await started;
    const stopping = host.stop();
    // Stopping refuses new connections at once, while the request in flight still waits for its handler.
    await expect(host.fetch('/health')).rejects.toThrow();
    release?.();
    const response = await slow;
    expect(await response.json()).toEqual({ finished: true });
    await stopping;
    await expect(host.fetch('/health')).rejects.toThrow();
  });

  it('keeps data across restarts and creates the first administrator only once', async () => {
    const first = await startTestHost();
    expect(first.firstAdmin).toMatchObject({ created: true, email: 'admin@ratkaisu.local' });
    expect((first.firstAdmin as { generatedPassword?: string }).generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await first.close();
    const { startLocalHost } = await import('../../functions/src/local/host.js');
    const { loadConfig } = await import('../../functions/src/config.js');
    const { silentLogger } = await import('../../functions/src/log.js');
    const second = await startLocalHost(
      loadConfig({ RATKAISU_ENV: 'test', PORT: '0', AZURITE_BLOB_PORT: '0', DATA_DIR: first.dataDir }),
      { log: silentLogger },
    );
    expect(second.firstAdmin).toEqual({ created: false });
    expect(await second.deps.store.collection('users').count({})).toBe(1);
    await second.close();
  });

  it('stops start-up with a message naming a bad setting', () => {
    const result = spawnSync(process.execPath, ['scripts/local-host.js'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ratkaisu-bad-')) },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: must be a whole number from 0 to 65535');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a client that goes away mid-response', () => {
  it('is not logged as a server error, and the host keeps serving', async () => {
    const errors: string[] = [];
    const debug: string[] = [];
    const log = {
      debug: (message: string) => void debug.push(message),
      info: () => {},
      warn: () => {},
      error: (message: string) => void errors.push(message),
      child: () => log,
    };
    const host = await startTestHost({}, { routes: [...routes, ...probeRoutes], log });
    try {
      // 64 MB streamed; the client reads the first chunk and hangs up.
      await new Promise<void>((resolve, reject) => {
        const request = httpRequest(
          `http://127.0.0.1:${host.port}/api/probe/download/${64 * 1024 * 1024}`,
          (response) => {
            response.once('data', () => {
              request.destroy();
              resolve();
            });
          },
        );
        request.on('error', (error) =>
          (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error),
        );
        request.end();
      });
      // The host notices the hang-up when its write fails, and says so at debug level only.
      await waitFor(() => debug.includes('Client closed the connection before the response ended'));
      expect(errors).toEqual([]);
      expect((await host.fetch('/health')).status).toBe(200);
    } finally {
      await host.stop();
    }
  });
});
