import { DefaultAzureCredential, type TokenCredential } from '@azure/identity';
import {
  isServiceBusError,
  ServiceBusClient,
  type ServiceBusClientOptions,
  type ServiceBusReceivedMessage,
  type ServiceBusReceiver,
  type ServiceBusSender,
} from '@azure/service-bus';
import { DeliveryDeferred, QUEUE_NAMES } from '../../ports/queue.js';
import type { JobMessage, MessageHandler, Queue, QueueName } from '../../ports/queue.js';
import { isNetworkFailure, mapTransientFailures } from '../transient-failures.js';

export interface ServiceBusQueueOptions {
  /** A namespace connection string (shared access key). Takes precedence over the namespace. */
  connectionString?: string;
  /** `<name>.servicebus.windows.net`; used with `credential`, or `DefaultAzureCredential` (managed identity). */
  fullyQualifiedNamespace?: string;
  credential?: TokenCredential;
  /** Passed through to the SDK: web-socket transport, a custom endpoint, retry options (tests use short retries). */
  clientOptions?: ServiceBusClientOptions;
  /**
   * How long the SDK keeps renewing a message's lock while its handler runs.
   * Default 30 min: a model call may take several minutes, and the job
   * document's own lease guards against double work beyond that.
   */
  maxLockRenewalMs?: number;
  /** Where receive and settlement errors go. Default: console.error. */
  onError?: (error: unknown, context: string) => void;
}

/** Service Bus's reasons for a failure that passes (docs/operations.md "Transient failures"). */
const TRANSIENT_CODES = new Set(['ServiceBusy', 'ServiceTimeout', 'ServiceCommunicationProblem']);

/**
 * A Service Bus failure that may pass once the SDK's own retries are spent: busy, timed out or a communication
 * problem, by the error's code (not its `retryable`, which a MessagingError holds true unless told otherwise);
 * or a connection reset, timed out or aborted. Never an entity not found, a quota or an access refused.
 */
export function isServiceBusTransient(error: unknown): boolean {
  if (isServiceBusError(error) && TRANSIENT_CODES.has(error.code)) return true;
  return isNetworkFailure(error);
}

/**
 * The production queue: Azure Service Bus. The message id is the job id, so
 * Service Bus duplicate detection (when enabled on the queue) drops a
 * duplicate send, and the job document's conditional claim makes any
 * redelivery harmless anyway (docs/architecture.md rule 5).
 *
 * Under the Functions host the `app.serviceBusQueue` triggers consume; the
 * `consume` here serves a long-running host (and the contract tests). It uses
 * peek-lock: complete on success, abandon on a throw, so the queue's own
 * maxDeliveryCount dead-letters a message that keeps failing.
 */
export function createServiceBusQueue(options: ServiceBusQueueOptions): Queue {
  return mapTransientFailures(serviceBusQueue(options), ['send', 'sendAt', 'ping'], 'queue', isServiceBusTransient);
}

function serviceBusQueue(options: ServiceBusQueueOptions): Queue {
  const onError =
    options.onError ??
    ((error: unknown, context: string) => {
      console.error(`[service-bus-queue] ${context}:`, error);
    });
  const maxLockRenewalMs = options.maxLockRenewalMs ?? 30 * 60_000;
  const client = createClient(options);
  const senders = new Map<QueueName, ServiceBusSender>();
  const stoppers = new Set<() => Promise<void>>();
  let closed = false;

  function sender(queue: QueueName): ServiceBusSender {
    let cached = senders.get(queue);
    if (!cached) {
      cached = client.createSender(queue);
      senders.set(queue, cached);
    }
    return cached;
  }

  function ensureOpen(): void {
    if (closed) throw new Error('The queue is closed.');
  }

  async function send(queue: QueueName, message: JobMessage): Promise<void> {
    ensureOpen();
    await sender(queue).sendMessages({
      messageId: message.jobId,
      body: { jobId: message.jobId },
      contentType: 'application/json',
      ...traceProperties(message),
    });
  }

  async function sendAt(queue: QueueName, message: JobMessage, notBefore: Date): Promise<void> {
    ensureOpen();
    // A scheduled message of its own id: duplicate detection would drop a second message with the job's id.
    await sender(queue).sendMessages({
      messageId: `${message.jobId}@${notBefore.getTime()}`,
      body: { jobId: message.jobId },
      contentType: 'application/json',
      scheduledEnqueueTimeUtc: notBefore,
      ...traceProperties(message),
    });
  }

  function consume(
    queue: QueueName,
    handler: MessageHandler,
    consumeOptions: { concurrency?: number } = {},
  ): () => Promise<void> {
    ensureOpen();
    const concurrency = Math.max(1, Math.floor(consumeOptions.concurrency ?? 1));
    const abort = new AbortController();
    const running = new Set<Promise<void>>();
    const receiver: ServiceBusReceiver = client.createReceiver(queue, {
      receiveMode: 'peekLock',
      maxAutoLockRenewalDurationInMs: maxLockRenewalMs,
    });

    async function process(message: ServiceBusReceivedMessage): Promise<void> {
      const jobId = jobIdOf(message);
      if (jobId === undefined) {
        // It will never succeed: park it for a human instead of retrying it.
        await receiver.deadLetterMessage(message, {
          deadLetterReason: 'InvalidJobMessage',
          deadLetterErrorDescription: 'The message carries no job id.',
        });
        return;
      }
      try {
        // The SDK exposes the AMQP header as is: 0 on the first delivery. The port counts from 1.
        const traceparent = traceparentOf(message.applicationProperties);
        await handler(
          { jobId, deliveryCount: (message.deliveryCount ?? 0) + 1, ...(traceparent ? { traceparent } : {}) },
          abort.signal,
        );
      } catch (error) {
        if (error instanceof DeliveryDeferred) {
          // A scheduled copy carries the job on; this delivery is done (abandoning would count it).
          await sendAt(queue, { jobId }, error.notBefore);
          await receiver.completeMessage(message);
          return;
        }
        onError(error, `handling ${jobId} from ${queue}`);
        await receiver.abandonMessage(message);
        return;
      }
      await receiver.completeMessage(message);
    }

    const subscription = receiver.subscribe(
      {
        processMessage: (message) => {
          const task = process(message);
          running.add(task);
          return task.finally(() => running.delete(task));
        },
        processError: async (args) => {
          onError(args.error, `receiving from ${queue} (${args.errorSource})`);
        },
      },
      // Settled explicitly above, so a settlement failure is reported in one place.
      { maxConcurrentCalls: concurrency, autoCompleteMessages: false },
    );

    let stopping: Promise<void> | undefined;
    const stop = (): Promise<void> => {
      stopping ??= (async () => {
        // Suspend first (the link stays open so running handlers can still settle), then wait, then close.
        await subscription.close();
        abort.abort(new Error('The queue consumer is stopping.'));
        await Promise.allSettled([...running]);
        await receiver.close();
        stoppers.delete(stop);
      })();
      return stopping;
    };
    stoppers.add(stop);
    return stop;
  }

  return {
    kind: 'service-bus',
    send,
    sendAt,
    consume,
    async ping() {
      ensureOpen();
      // Opening the sender link authenticates (CBS) and attaches to the queue,
      // which fails for a missing queue or a missing Send right, without sending.
      await Promise.all(QUEUE_NAMES.map((queue) => sender(queue).createMessageBatch()));
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...stoppers].map((stop) => stop()));
      await Promise.allSettled([...senders.values()].map((s) => s.close()));
      senders.clear();
      await client.close();
    },
  };
}

function createClient(options: ServiceBusQueueOptions): ServiceBusClient {
  if (options.connectionString) return new ServiceBusClient(options.connectionString, options.clientOptions);
  if (options.fullyQualifiedNamespace) {
    return new ServiceBusClient(
      options.fullyQualifiedNamespace,
      options.credential ?? new DefaultAzureCredential(),
      options.clientOptions,
    );
  }
  throw new Error('Service Bus needs a connection string or a fully qualified namespace.');
}

/** The sender's trace context travels as the application property `traceparent` (W3C), beside the body. */
function traceProperties(message: JobMessage): { applicationProperties?: { traceparent: string } } {
  return message.traceparent ? { applicationProperties: { traceparent: message.traceparent } } : {};
}

/** The `traceparent` application property of a received message (or of a trigger's metadata), when it has one. */
export function traceparentOf(properties: unknown): string | undefined {
  if (properties === null || typeof properties !== 'object') return undefined;
  const value = (properties as { traceparent?: unknown }).traceparent;
  return typeof value === 'string' && /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/.test(value)
    ? value
    : undefined;
}

/**
 * Our own messages carry `{ jobId }` as a JSON data section, which the SDK
 * decodes to an object. A JSON string or bytes (another producer, e.g. a
 * Functions output binding) are accepted too. The message id is deliberately
 * not a fallback: Service Bus assigns one to every message, so it would turn
 * any stray message into a bogus job.
 */
function jobIdOf(message: ServiceBusReceivedMessage): string | undefined {
  let body: unknown = message.body;
  if (body instanceof Uint8Array) body = Buffer.from(body).toString('utf8');
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      body = undefined;
    }
  }
  if (body !== null && typeof body === 'object') {
    const jobId = (body as { jobId?: unknown }).jobId;
    if (typeof jobId === 'string' && jobId !== '') return jobId;
  }
  return undefined;
}
