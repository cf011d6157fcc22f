import functions, { type HttpResponseInit } from '@azure/functions';
import { refusal } from '@ratkaisu/core';
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeDeps, createDeps, type CompositionOptions } from '../composition-root.js';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import { bodyLimit, createHttpHandler, type HttpHandler } from '../http/handle.js';
import { errorResponse } from '../http/responses.js';
import { createRouteMatcher } from '../http/route-matcher.js';
import type { RouteDefinition } from '../http/route.js';
import { routesFor } from '../routes.js';
import { ensureFirstAdmin, type FirstAdminOutcome } from '../services/bootstrap/ensure-first-admin.js';
import { signingAuthority } from '../services/signing/signing-authority.js';
import { startConfiguredTelemetry } from '../telemetry.js';
import { timers, type TimerDefinition } from '../timers.js';
import { workers } from '../workers.js';
import { startAzurite } from './azurite.js';
import { RUNNING_HOST_FILE, type RunningHostFile } from './running-host-file.js';
import { LocalInvocationContext, type LocalLogHandler } from './local-invocation.js';
import { BodyLimit, discardBody, refusedBodyAllowance, toHttpRequest, writeResponse } from './node-http-adapter.js';
import { createStaticSite } from './static-files.js';

// @azure/functions is CommonJS; Node's ESM loader cannot see this class as a named export.
const { InvocationContext } = functions;

export interface LocalHost {
  url: string;
  port: number;
  deps: Deps;
  firstAdmin: FirstAdminOutcome;
  /** Stops taking requests, lets in-flight ones finish, stops workers, closes the store and Azurite. */
  close(): Promise<void>;
}

export interface LocalHostOptions extends Omit<CompositionOptions, 'azuriteConnectionString'> {
  /**
   * An Azurite already running to keep the blobs in, instead of starting one as a child process (with Azurite
   * as the blob adapter): the API tests give each host an account of one emulator per test worker
   * (tests/api/support/shared-azurite.ts), which spares each host Azurite's start.
   */
  runningAzurite?: { connectionString: string };
  routes?: readonly RouteDefinition[];
  /** Whether to start workers consuming the queues in this process (default true). */
  runWorkers?: boolean;
  /** How long close() waits for in-flight requests before cutting connections. */
  drainTimeoutMs?: number;
  /** Azurite keeps its blobs in memory instead of DATA_DIR/azurite (default: in tests only). */
  azuriteInMemory?: boolean;
  /**
   * How long an idle keep-alive connection stays open (default 5 s). A client must give up an idle connection
   * before the server closes it, or a request it sends as the server closes is reset: the test host holds them
   * longer than any client in the tests (fetch drops them after 4 s) on a machine too busy to keep the timers.
   */
  keepAliveTimeoutMs?: number;
}

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The embedded local stack (docs/architecture.md "The local stack"): one process,
 * one port, serving the SPA and the whole route table, running the queue
 * workers, with Azurite as a child process when no Blob Storage is configured.
 */
export async function startLocalHost(requested: Config, options: LocalHostOptions = {}): Promise<LocalHost> {
  mkdirSync(requested.dataDir, { recursive: true });
  const config = await resolvePort(requested);
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };

  try {
    let azuriteConnectionString: string | undefined;
    if (config.blobs.kind === 'azurite' && options.runningAzurite) {
      azuriteConnectionString = options.runningAzurite.connectionString;
    } else if (config.blobs.kind === 'azurite') {
      const azurite = await startAzurite({
        port: config.blobs.port,
        location: (options.azuriteInMemory ?? config.environment === 'test') ? undefined : config.blobs.location,
        silent: true,
      });
      cleanups.push(() => azurite.stop());
      azuriteConnectionString = azurite.connectionString;
    }

    // Before the adapters exist, as under the Functions host (index.ts).
    await startConfiguredTelemetry(config.telemetry);
    const deps = await createDeps(config, { ...options, azuriteConnectionString });
    cleanups.push(() => closeDeps(deps));
    const firstAdmin = await ensureFirstAdmin(deps);
    // The signing CA is made at first start (docs/signing.md); a failure leaves it to the first signature.
    await signingAuthority(deps).catch((error: unknown) => deps.log.warn('The signing CA was not made', { error }));

    if (options.runWorkers !== false) {
      for (const worker of workers) {
        const stop = deps.queue.consume(
          worker.queue,
          (message, signal) =>
            worker.handler(
              deps,
              message,
              signal,
              new InvocationContext({ invocationId: randomUUID(), functionName: worker.name }),
            ),
          { concurrency: worker.concurrency },
        );
        cleanups.push(stop);
      }
      for (const timer of timers) cleanups.push(runTimer(deps, timer));
    }

    const server = createRequestServer(deps, options.routes ?? routesFor(config), config, options.keepAliveTimeoutMs);
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(`Port ${config.port} is already in use: set PORT to a free port.`)
            : error,
        ),
      );
      server.listen(config.port, config.host, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    const displayHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
    const runningFile = path.join(config.dataDir, RUNNING_HOST_FILE);
    const running: RunningHostFile = {
      pid: process.pid,
      url: `http://127.0.0.1:${port}`,
      ...(azuriteConnectionString ? { azuriteConnectionString } : {}),
    };
    writeFileSync(`${runningFile}.tmp`, `${JSON.stringify(running, null, 2)}\n`, { mode: 0o600 });
    renameSync(`${runningFile}.tmp`, runningFile);
    cleanups.push(async () => rmSync(runningFile, { force: true }));

    let closing: Promise<void> | undefined;
    return {
      url: `http://${displayHost}:${port}`,
      port,
      deps,
      firstAdmin,
      close: () =>
        (closing ??= (async () => {
          await server.drain(options.drainTimeoutMs ?? 10_000);
          await cleanup();
        })()),
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * Runs a timer's handler every `intervalMs`, as the Functions host does on its
 * schedule: never two runs at once, a failed run logged and the next one kept.
 * Answers the cleanup step, which stops the interval and waits for a run in progress.
 */
function runTimer(deps: Deps, timer: TimerDefinition): () => Promise<void> {
  const abort = new AbortController();
  let running: Promise<void> | undefined;
  const interval = setInterval(() => {
    if (running) return;
    const log = deps.log.child({ invocationId: randomUUID(), functionName: timer.name });
    running = timer
      .handler({ ...deps, log }, abort.signal)
      .catch((error: unknown) => log.error('A timer run failed', { error }))
      .finally(() => {
        running = undefined;
      });
  }, timer.intervalMs);
  interval.unref();
  return async () => {
    clearInterval(interval);
    abort.abort(new Error('The local host is stopping.'));
    await running;
  };
}

/**
 * PORT=0 asks for any free port. It is chosen before anything starts, so the
 * addresses the product hands out (links in mail, request URLs) carry it.
 */
async function resolvePort(config: Config): Promise<Config> {
  if (config.port !== 0) return config;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, config.host, () => resolve());
  });
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return {
    ...config,
    port,
    publicUrl: config.publicUrlFollowsPort ? `http://localhost:${port}` : config.publicUrl,
  };
}

interface RequestTarget {
  pathname: string;
  href: string;
}

/**
 * The request line's target. The usual origin-form (`/path?query`) is split by
 * hand: a URL object per request costs more than the rest of routing. Other
 * forms (absolute, `*`) go through URL. Dot segments are not resolved: no route
 * or static file has them, so such paths simply find nothing.
 */
function parseTarget(raw: string, origin: string): RequestTarget {
  if (raw.startsWith('/') && !raw.startsWith('//')) {
    const queryAt = raw.indexOf('?');
    return {
      pathname: queryAt < 0 ? raw : raw.slice(0, queryAt),
      href: origin + raw,
    };
  }
  const url = new URL(raw, origin);
  return { pathname: url.pathname, href: url.href };
}

interface RequestServer extends ReturnType<typeof createServer> {
  drain(timeoutMs: number): Promise<void>;
}

function createRequestServer(
  deps: Deps,
  routes: readonly RouteDefinition[],
  config: Config,
  keepAliveTimeoutMs = 5000,
): RequestServer {
  const match = createRouteMatcher(routes);
  const handlers = new Map<RouteDefinition, HttpHandler>();
  for (const route of routes)
    handlers.set(
      route,
      createHttpHandler(route, () => deps),
    );
  const site = createStaticSite(config.webDistDir ?? defaultWebDist);
  if (!site.root) deps.log.warn('The web app is not built: only the API is served. Run `npm run build`.');
  const corsOrigins = new Set(config.corsOrigins);
  // Handlers see absolute URLs on this host's own origin, whatever Host header a client sent.
  const origin = new URL(config.publicUrl).origin;
  const logHandler: LocalLogHandler = (level, ...args) =>
    deps.log[level === 'error' || level === 'critical' ? 'error' : level === 'warning' ? 'warn' : 'debug'](
      String(args[0]),
      { args: args.slice(1) },
    );
  let inFlight = 0;
  let drained: (() => void) | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const target = parseTarget(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    const requestOrigin = corsOrigins.size > 0 ? req.headers.origin : undefined;
    if (requestOrigin && corsOrigins.has(requestOrigin)) {
      res.setHeader('Access-Control-Allow-Origin', requestOrigin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
      if (method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
        res.setHeader(
          'Access-Control-Allow-Headers',
          req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, X-Requested-With',
        );
        res.setHeader('Access-Control-Max-Age', '600');
        res.statusCode = 204;
        res.end();
        return;
      }
    }

    const found = match(method, target.pathname);
    if (found.kind === 'found') {
      await runRoute(req, res, target, found.route, found.params);
      return;
    }
    if (found.kind === 'bad-path') {
      await writeResponse(res, errorResponse(400, 'bad_request', refusal('requests.pathInvalid')), false);
      return;
    }
    if (found.kind === 'method-not-allowed') {
      await writeResponse(
        res,
        errorResponse(
          405,
          'method_not_allowed',
          refusal('requests.methodNotAllowed', { method, allow: found.allow.join(', ') }),
          {
            headers: { Allow: found.allow.join(', ') },
          },
        ),
        method === 'HEAD',
      );
      return;
    }
    if (await site.serve(req, res, target.pathname)) return;
    await writeResponse(res, errorResponse(404, 'route_not_found', refusal('requests.noRoute')), method === 'HEAD');
  };

  const runRoute = async (
    req: IncomingMessage,
    res: ServerResponse,
    target: RequestTarget,
    route: RouteDefinition,
    params: Record<string, string>,
  ): Promise<void> => {
    const limit = bodyLimit(deps, route.body);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    // GET and HEAD bodies are never read (Node discards them), so only other methods need the check.
    const tooLarge = () =>
      errorResponse(413, 'payload_too_large', refusal('general.requestTooLarge', { limitBytes: limit }));
    const declared = Number(req.headers['content-length'] ?? '0');
    if (hasBody && declared > limit) {
      // Refused before a byte reaches a handler; the rest is read and thrown away (within the allowance) so that
      // the client receives the refusal rather than a reset connection.
      const drained = declared <= refusedBodyAllowance(limit) && (await discardBody(req, declared));
      await answer(res, req, tooLarge(), drained);
      return;
    }
    const limiter = hasBody ? new BodyLimit(limit) : undefined;
    const request = toHttpRequest(req, target.href, params, limiter);
    const context = new LocalInvocationContext(randomUUID(), route.name, logHandler);
    const response = await handlers.get(route)!(request, context);
    // A handler that answered without reading the whole body (a refusal, a route's own limit, a bad form): the
    // rest is read and thrown away before the answer, within the allowance, so that the answer arrives.
    const drained =
      !limiter || req.complete || (await discardBody(req, refusedBodyAllowance(limit) - limiter.received));
    await answer(res, req, limiter?.exceeded ? tooLarge() : response, drained);
  };

  /** Writes the answer; when the body could not be read to its end the connection closes after it. */
  const answer = async (
    res: ServerResponse,
    req: IncomingMessage,
    response: HttpResponseInit,
    drained: boolean,
  ): Promise<void> => {
    if (!drained) res.setHeader('Connection', 'close');
    await writeResponse(res, response, req.method === 'HEAD');
    if (!drained) req.destroy();
  };

  const server = createServer({ keepAliveTimeout: keepAliveTimeoutMs }, async (req, res) => {
    inFlight++;
    try {
      await handle(req, res);
    } catch (error) {
      // A client that went away mid-response (a closed tab, a cancelled download) is not a server fault.
      if ((error as NodeJS.ErrnoException | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE' && res.destroyed) {
        deps.log.debug('Client closed the connection before the response ended', { url: req.url });
        return;
      }
      deps.log.error('Request failed', { error, url: req.url });
      if (!res.headersSent) {
        writeResponse(res, errorResponse(500, 'internal', refusal('general.internal')), false);
      } else {
        res.destroy();
      }
    } finally {
      inFlight--;
      if (inFlight === 0) drained?.();
    }
  }) as RequestServer;

  server.drain = async (timeoutMs: number) => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => (drained = resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
    }
    server.closeAllConnections();
    await closed;
  };
  return server;
}

export const localHostPaths = { defaultWebDist, dataDirOf: (config: Config) => path.resolve(config.dataDir) };
