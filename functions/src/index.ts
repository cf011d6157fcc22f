/**
 * The Functions host entry (package.json `main` → functions/dist/index.js).
 * It registers the route table, the queue workers, a dead-letter handler per
 * job queue and the timers with `@azure/functions`; nothing else in the code
 * base calls `app.*` (docs/architecture.md rule 2).
 * `func start` and Azure run this; the local host serves the same tables.
 */
import { app, type HttpMethod, type InvocationContext } from '@azure/functions';
import { createDeps } from './composition-root.js';
import { loadConfig } from './config.js';
import type { Deps } from './deps.js';
import { createHttpHandler } from './http/handle.js';
import { DeliveryDeferred, QUEUE_NAMES } from './ports/queue.js';
import { routes } from './routes.js';
import { logDeadLetteredOcr, OCR_QUEUE } from './services/documents/ocr-uploads.js';
import { failDeadLetteredJob } from './services/jobs/fail-dead-lettered-job.js';
import { startConfiguredTelemetry } from './telemetry.js';
import { runTracedDelivery } from './observability/traced-ports.js';
import { traceparentOf } from './adapters/queue/service-bus-queue.js';
import { measure } from './observability/meters.js';
import { timers } from './timers.js';
import { workers } from './workers.js';

// Request and response bodies stream instead of being buffered (uploads, PDFs).
app.setup({ enableHttpStream: true });

let depsPromise: Promise<Deps> | undefined;
/** Built once per worker process, on first use, and rebuilt if building failed. */
function getDeps(): Promise<Deps> {
  depsPromise ??= (async () => {
    const config = loadConfig(process.env);
    // Before the adapters exist, so their SDK clients are traced from the first call.
    await startConfiguredTelemetry(config.telemetry);
    return createDeps(config);
  })().catch((error: unknown) => {
    depsPromise = undefined;
    throw error;
  });
  return depsPromise;
}

/** The dependencies with a logger that names this invocation on every line. */
async function depsFor(context: InvocationContext, fields: Record<string, unknown> = {}): Promise<Deps> {
  const deps = await getDeps();
  return {
    ...deps,
    log: deps.log.child({ invocationId: context.invocationId, functionName: context.functionName, ...fields }),
  };
}

/** A Service Bus message body as the trigger hands it over: JSON text, or already an object. */
function jobIdOf(message: unknown): unknown {
  let body = message;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  return typeof body === 'object' && body !== null ? (body as { jobId?: unknown }).jobId : undefined;
}

for (const route of routes) {
  app.http(route.name, {
    methods: [route.method as HttpMethod],
    // host.json sets an empty route prefix, so this is the path exactly as docs/product.md writes it.
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
      const jobId = jobIdOf(message);
      const deps = await depsFor(context, typeof jobId === 'string' ? { jobId } : {});
      if (typeof jobId !== 'string') {
        deps.log.warn('Dropping a queue message without a jobId', { queue: worker.queue });
        return;
      }
      const deliveryCount = Number(context.triggerMetadata?.deliveryCount ?? 1);
      const traceparent = traceparentOf(context.triggerMetadata?.applicationProperties);
      const received = { jobId, deliveryCount, ...(traceparent ? { traceparent } : {}) };
      try {
        await runTracedDelivery(worker.queue, received, () =>
          worker.handler(deps, received, new AbortController().signal, context),
        );
      } catch (error) {
        if (!(error instanceof DeliveryDeferred)) throw error;
        // The job may not start yet (the model's budget): a scheduled copy carries it on, and returning
        // completes this delivery instead of abandoning it, which would count towards dead-lettering.
        await deps.queue.sendAt(worker.queue, { jobId }, error.notBefore);
      }
    },
  });
}

// A message the queue gave up on (maxDeliveryCount, infra/modules/servicebus.bicep) would otherwise
// leave its job Queued or Running for ever: its dead-letter queue marks the job Failed (an OCR message: a log line).
for (const queue of QUEUE_NAMES) {
  app.serviceBusQueue(`${queue}-dead-letters`, {
    connection: 'ServiceBusConnection',
    queueName: `${queue}/$DeadLetterQueue`,
    handler: async (message, context) => {
      const jobId = jobIdOf(message);
      const deps = await depsFor(context, typeof jobId === 'string' ? { jobId } : {});
      const properties = (context.triggerMetadata?.applicationProperties ?? {}) as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
      const reason = text(context.triggerMetadata?.deadLetterReason) ?? text(properties.DeadLetterReason);
      const description =
        text(context.triggerMetadata?.deadLetterErrorDescription) ?? text(properties.DeadLetterErrorDescription);
      measure.deadLetter(queue);
      // An upload's OCR has no job to fail: the file is read by the first job that needs it.
      if (queue === OCR_QUEUE) logDeadLetteredOcr(deps, { messageId: jobId, reason, description });
      else await failDeadLetteredJob(deps, { queue, jobId, reason, description });
    },
  });
}

for (const timer of timers) {
  app.timer(timer.name, {
    schedule: timer.schedule,
    runOnStartup: false,
    handler: async (_timer, context) => {
      const deps = await depsFor(context);
      await timer.handler(deps, new AbortController().signal);
    },
  });
}
