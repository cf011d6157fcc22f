import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../ports/clock.js';
import { systemClock } from '../../ports/clock.js';
import {
  DeliveryDeferred,
  type JobMessage,
  type MessageHandler,
  type Queue,
  type QueueName,
  type ReceivedMessage,
} from '../../ports/queue.js';
import { StoreConflictError, StoreNotFoundError } from '../../ports/store.js';
import type { BaseDoc, Collection, Store, Stored } from '../../ports/store.js';

/**
 * A message as stored in the `queue` collection: id = job id (so sending the
 * same job twice is a no-op), pk = queue name (so a consumer's poll touches
 * one partition).
 */
export interface QueueMessageDoc extends BaseDoc {
  /** The job id; equal to `id`. */
  jobId: string;
  /** The sender's W3C trace context (ports/queue.ts), handed to the consumer as it was sent. */
  traceparent?: string;
  status: 'pending' | 'dead-lettered';
  /**
   * Epoch milliseconds before which the message is not delivered. While a
   * consumer holds the message this is its lease end (`lockedUntil`); after a
   * failure it is the end of the back-off. A pending message with
   * `visibleAt <= now` is claimable, which is how a crashed consumer's
   * message comes back: its lease simply runs out.
   */
  visibleAt: number;
  /** Deliveries so far (claims), as Service Bus counts them. */
  deliveryCount: number;
  enqueuedAt: string;
  /** Which consumer holds the lease (diagnostics only). */
  lockedBy?: string;
  lastError?: string;
  deadLetteredAt?: string;
}

export interface InProcessQueueOptions {
  clock?: Clock;
  /** How long a claim hides a message from other consumers; renewed while the handler runs. Default 60 s. */
  visibilityTimeoutMs?: number;
  /** Deliveries after which a failing message is dead-lettered. Default 5: local retries need not be as patient as Service Bus (10). */
  maxDeliveryCount?: number;
  /** How often consumers look for retries and crash leftovers. Default 5 s. */
  pollIntervalMs?: number;
  /** Back-off after the first failure; doubles per delivery, capped at 60 s. Default 1 s. */
  retryDelayMs?: number;
  /** Where background errors (store unreachable during a poll, a lost lease) go. Default: console.error. */
  onError?: (error: unknown, context: string) => void;
  /** Hears of each message dead-lettered (its last error, or that its lease kept running out), for the log. */
  onDeadLetter?: (queue: QueueName, messageId: string, lastError: string) => void;
}

const MAX_RETRY_DELAY_MS = 60_000;

/**
 * The durable in-process queue of the local stack. Messages are documents in
 * the store, so a job enqueued before a crash or restart is delivered when a
 * consumer starts again. Consumers claim a message with an etag-conditional
 * replace, so two consumers (even in two processes on one SQLite file) never
 * run the same delivery.
 *
 * A send wakes this instance's consumers at once; a slow, unref'd poll timer
 * picks up retries after their back-off, expired leases and messages sent by
 * another process.
 *
 * `close()` stops the consumers; the store belongs to the caller and stays open.
 */
export interface InProcessQueue extends Queue {
  /**
   * Delivers everything visible now to this queue's consumers and waits until it is settled and nothing
   * claimable is left (a message in back-off or under another process's lease is not). For tests that must
   * count deliveries after the fact instead of waiting a while and hoping.
   */
  drain(): Promise<void>;
}

export function createInProcessQueue(store: Store, options: InProcessQueueOptions = {}): InProcessQueue {
  const clock = options.clock ?? systemClock;
  const visibilityTimeoutMs = options.visibilityTimeoutMs ?? 60_000;
  const maxDeliveryCount = options.maxDeliveryCount ?? 5;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const onError =
    options.onError ??
    ((error: unknown, context: string) => {
      console.error(`[in-process-queue] ${context}:`, error);
    });

  const messages: Collection<QueueMessageDoc> = store.collection<QueueMessageDoc>('queue');
  const wakeups = new EventEmitter();
  // Many consumers per queue are legitimate (one per worker kind and process).
  wakeups.setMaxListeners(0);
  const stoppers = new Set<() => Promise<void>>();
  const drainers = new Set<() => Promise<void>>();
  let closed = false;

  const now = () => clock.now().getTime();
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

  async function send(queue: QueueName, message: JobMessage): Promise<void> {
    if (closed) throw new Error('The queue is closed.');
    const at = clock.now();
    try {
      await messages.create({
        id: message.jobId,
        pk: queue,
        jobId: message.jobId,
        ...(message.traceparent ? { traceparent: message.traceparent } : {}),
        status: 'pending',
        visibleAt: at.getTime(),
        deliveryCount: 0,
        enqueuedAt: at.toISOString(),
      });
    } catch (error) {
      // The same job id is already queued, running or dead-lettered: the
      // message id is the job id, so this is a duplicate send (port contract).
      if (error instanceof StoreConflictError) return;
      throw error;
    }
    wakeups.emit(queue);
  }

  async function sendAt(queue: QueueName, message: JobMessage, notBefore: Date): Promise<void> {
    if (closed) throw new Error('The queue is closed.');
    const at = notBefore.getTime();
    try {
      // Its own id: the delivery that defers is still being handled under the job's id.
      await messages.create({
        id: `${message.jobId}@${at}`,
        pk: queue,
        jobId: message.jobId,
        ...(message.traceparent ? { traceparent: message.traceparent } : {}),
        status: 'pending',
        visibleAt: at,
        deliveryCount: 0,
        enqueuedAt: clock.now().toISOString(),
      });
    } catch (error) {
      if (error instanceof StoreConflictError) return;
      throw error;
    }
    setTimeout(() => wakeups.emit(queue), Math.max(0, at - now())).unref();
  }

  function consume(
    queue: QueueName,
    handler: MessageHandler,
    consumeOptions: { concurrency?: number } = {},
  ): () => Promise<void> {
    if (closed) throw new Error('The queue is closed.');
    const concurrency = Math.max(1, Math.floor(consumeOptions.concurrency ?? 1));
    const consumerId = randomUUID();
    const abort = new AbortController();
    const running = new Set<Promise<void>>();
    let stopped = false;
    let pumping: Promise<void> | undefined;
    let pumpAgain = false;

    /** Claims a pending, visible message: etag-conditional, so a lost race is simply skipped. */
    async function claim(doc: Stored<QueueMessageDoc>): Promise<Stored<QueueMessageDoc> | undefined> {
      const at = now();
      try {
        if (doc.deliveryCount >= maxDeliveryCount) {
          // Delivered the maximum number of times and never settled (the
          // consumer crashed every time): dead-letter rather than deliver again.
          const lastError = doc.lastError ?? 'Lease expired after the maximum number of deliveries.';
          await messages.replace(
            {
              ...strip(doc),
              status: 'dead-lettered',
              deadLetteredAt: new Date(at).toISOString(),
              lastError,
              lockedBy: undefined,
            },
            { ifMatch: doc._etag },
          );
          options.onDeadLetter?.(queue, doc.jobId, lastError);
          return undefined;
        }
        return await messages.replace(
          {
            ...strip(doc),
            visibleAt: at + visibilityTimeoutMs,
            deliveryCount: doc.deliveryCount + 1,
            lockedBy: consumerId,
          },
          { ifMatch: doc._etag },
        );
      } catch (error) {
        if (error instanceof StoreConflictError || error instanceof StoreNotFoundError) return undefined;
        throw error;
      }
    }

    async function pumpOnce(): Promise<void> {
      while (!stopped && running.size < concurrency) {
        const page = await messages.query({
          partitionKey: queue,
          where: [
            { field: 'status', op: '=', value: 'pending' },
            { field: 'visibleAt', op: '<=', value: now() },
          ],
          orderBy: { field: 'visibleAt', direction: 'asc' },
          limit: concurrency - running.size,
        });
        let claimed = 0;
        for (const candidate of page.items) {
          if (stopped || running.size >= concurrency) break;
          const lease = await claim(candidate);
          if (!lease) continue;
          if (stopped) {
            await release(lease, { undoDelivery: true });
            break;
          }
          claimed += 1;
          run(lease);
        }
        // Nothing claimable (or every candidate lost to another consumer): wait for the next wake-up.
        if (claimed === 0) return;
      }
    }

    /** Serialises pumps: a wake-up during a pump makes that pump look once more. */
    function pump(): void {
      if (stopped) return;
      if (pumping) {
        pumpAgain = true;
        return;
      }
      pumping = (async () => {
        try {
          do {
            pumpAgain = false;
            await pumpOnce();
          } while (pumpAgain && !stopped);
        } catch (error) {
          onError(error, `polling ${queue}`);
        } finally {
          pumping = undefined;
        }
      })();
    }

    function run(lease: Stored<QueueMessageDoc>): void {
      let current = lease;
      let renewing: Promise<void> | undefined;
      // Keep the lease while the handler runs, as Service Bus' lock renewal does,
      // so a long model call is not handed to a second consumer.
      const renewal = setInterval(
        () => {
          if (renewing) return;
          renewing = messages
            .replace({ ...strip(current), visibleAt: now() + visibilityTimeoutMs }, { ifMatch: current._etag })
            .then((renewed) => {
              current = renewed;
            })
            .catch((error: unknown) => onError(error, `renewing the lease of ${lease.jobId}`))
            .finally(() => {
              renewing = undefined;
            });
        },
        Math.max(50, Math.floor(visibilityTimeoutMs / 3)),
      );
      renewal.unref();

      const received: ReceivedMessage = {
        jobId: lease.jobId,
        deliveryCount: lease.deliveryCount,
        ...(lease.traceparent ? { traceparent: lease.traceparent } : {}),
      };
      const task = (async () => {
        let failure: { error: unknown } | undefined;
        try {
          await handler(received, abort.signal);
        } catch (error) {
          failure = { error };
        } finally {
          clearInterval(renewal);
        }
        // Settle with the etag of the latest renewal, not one that is about to go stale.
        await renewing;
        try {
          if (!failure) {
            await messages.delete(current.pk, current.id, { ifMatch: current._etag });
          } else if (stopped && abort.signal.aborted) {
            // Interrupted by our own shutdown: not the message's fault.
            await release(current, { undoDelivery: true });
          } else if (failure.error instanceof DeliveryDeferred) {
            await defer(current, failure.error.notBefore.getTime());
          } else {
            await fail(current, failure.error);
          }
        } catch (error) {
          // A conflict means our lease ran out and another consumer holds the
          // message now; it will settle it. Anything else: the lease expires
          // and the message is delivered again.
          if (!(error instanceof StoreConflictError || error instanceof StoreNotFoundError)) {
            onError(error, `settling ${lease.jobId}`);
          }
        }
      })();
      running.add(task);
      void task.finally(() => {
        running.delete(task);
        pump();
      });
    }

    async function fail(doc: Stored<QueueMessageDoc>, error: unknown): Promise<void> {
      if (doc.deliveryCount >= maxDeliveryCount) {
        await messages.replace(
          {
            ...strip(doc),
            status: 'dead-lettered',
            deadLetteredAt: clock.now().toISOString(),
            lastError: describe(error),
            lockedBy: undefined,
          },
          { ifMatch: doc._etag },
        );
        options.onDeadLetter?.(queue, doc.jobId, describe(error));
        return;
      }
      const delay = Math.min(retryDelayMs * 2 ** (doc.deliveryCount - 1), MAX_RETRY_DELAY_MS);
      await messages.replace(
        { ...strip(doc), visibleAt: now() + delay, lastError: describe(error), lockedBy: undefined },
        { ifMatch: doc._etag },
      );
      // Come back for it when the back-off ends rather than at the next slow poll.
      setTimeout(pump, delay).unref();
    }

    /** Hidden until `until`, the delivery not counted: the handler could not run the job yet, it did not fail. */
    async function defer(doc: Stored<QueueMessageDoc>, until: number): Promise<void> {
      await messages.replace(
        {
          ...strip(doc),
          visibleAt: until,
          deliveryCount: Math.max(0, doc.deliveryCount - 1),
          lockedBy: undefined,
        },
        { ifMatch: doc._etag },
      );
      setTimeout(pump, Math.max(0, until - now())).unref();
    }

    async function release(doc: Stored<QueueMessageDoc>, opts: { undoDelivery: boolean }): Promise<void> {
      await messages.replace(
        {
          ...strip(doc),
          visibleAt: now(),
          deliveryCount: opts.undoDelivery ? Math.max(0, doc.deliveryCount - 1) : doc.deliveryCount,
          lockedBy: undefined,
        },
        { ifMatch: doc._etag },
      );
    }

    /** Pumps until a pump claims nothing and no handler is left running. */
    async function drain(): Promise<void> {
      for (;;) {
        pump();
        await pumping;
        if (stopped || (running.size === 0 && !pumping && !pumpAgain)) return;
        await Promise.allSettled([...running]);
      }
    }

    const poll = setInterval(pump, pollIntervalMs);
    poll.unref();
    wakeups.on(queue, pump);
    // Deliver what is already waiting: messages from before a restart, or crash leftovers.
    pump();

    let stopping: Promise<void> | undefined;
    const stop = (): Promise<void> => {
      stopping ??= (async () => {
        stopped = true;
        clearInterval(poll);
        wakeups.off(queue, pump);
        drainers.delete(drain);
        abort.abort(new Error('The queue consumer is stopping.'));
        await pumping;
        await Promise.allSettled([...running]);
        stoppers.delete(stop);
      })();
      return stopping;
    };
    stoppers.add(stop);
    drainers.add(drain);
    return stop;
  }

  return {
    kind: 'in-process',
    send,
    sendAt,
    consume,
    ping: () => store.ping(),
    async stats() {
      const pending = await messages.count({ where: [{ field: 'status', op: '=', value: 'pending' }] });
      const deadLettered = await messages.count({ where: [{ field: 'status', op: '=', value: 'dead-lettered' }] });
      const oldest = await messages.query({
        where: [{ field: 'status', op: '=', value: 'pending' }],
        orderBy: { field: 'enqueuedAt', direction: 'asc' },
        limit: 1,
      });
      const first = oldest.items[0];
      return { pending, deadLettered, oldestAgeMs: first ? Math.max(0, now() - Date.parse(first.enqueuedAt)) : 0 };
    },
    async drain() {
      await Promise.all([...drainers].map((drain) => drain()));
    },
    async close() {
      closed = true;
      await Promise.all([...stoppers].map((stop) => stop()));
    },
  };
}

/** Drops the read-back etag before writing a document again. */
function strip(doc: Stored<QueueMessageDoc>): QueueMessageDoc {
  const { _etag, ...rest } = doc;
  return rest;
}
