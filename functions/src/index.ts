/**
 * The Functions host entry (package.json `main` → functions/dist/index.js).
 * It registers the route table and the queue workers with `@azure/functions`;
 * nothing else in the code base calls `app.*` (ARCHITECTURE.md rule 2).
 * `func start` and Azure run this; the local host serves the same tables.
 */
import { app, type HttpMethod } from '@azure/functions';
import { createDeps } from './composition-root.js';
import { loadConfig } from './config.js';
import type { Deps } from './deps.js';
import { createHttpHandler } from './http/handle.js';
import { routes } from './routes.js';
import { workers } from './workers.js';

// Request and response bodies stream instead of being buffered (uploads, PDFs).
app.setup({ enableHttpStream: true });

let depsPromise: Promise<Deps> | undefined;
/** Built once per worker process, on first use, and rebuilt if building failed. */
function getDeps(): Promise<Deps> {
  depsPromise ??= createDeps(loadConfig(process.env)).catch((error: unknown) => {
    depsPromise = undefined;
    throw error;
  });
  return depsPromise;
}

for (const route of routes) {
  app.http(route.name, {
    methods: [route.method as HttpMethod],
    // host.json sets an empty route prefix, so this is the path exactly as SPEC.md writes it.
    route: route.path.replace(/^\//, ''),
    authLevel: 'anonymous',
    handler: createHttpHandler(route, getDeps),
  });
}

for (const worker of workers) {
  app.serviceBusQueue(worker.name, {
    connection: 'ServiceBusConnection',
    queueName: worker.queue,
    handler: async (message, context) => {
      const deps = await getDeps();
      const body = (typeof message === 'string' ? JSON.parse(message) : message) as { jobId?: unknown };
      if (typeof body?.jobId !== 'string') {
        deps.log.warn('Dropping a queue message without a jobId', { queue: worker.queue });
        return;
      }
      const deliveryCount = Number(context.triggerMetadata?.deliveryCount ?? 1);
      await worker.handler(deps, { jobId: body.jobId, deliveryCount }, new AbortController().signal, context);
    },
  });
}
