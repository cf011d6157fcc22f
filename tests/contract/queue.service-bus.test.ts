/**
 * Contract tests of the Service Bus queue adapter: the real `@azure/service-bus`
 * SDK against a fake AMQP 1.0 peer on loopback (tests/contract/support/fake-service-bus.ts),
 * connected with a `UseDevelopmentEmulator=true` connection string (plain AMQP).
 *
 * Tested: send (message id = job id, JSON body, content type), CBS token put,
 * peek-lock receive through `subscribe`, complete on success, abandon on a
 * throw and redelivery with deliveryCount 2, concurrency (maxConcurrentCalls),
 * dead-lettering a message without a job id, ping, stop() waiting for a
 * running handler, close(); sendAt and a deferred delivery (a scheduled message
 * of its own id, and the deferred one completed, not abandoned).
 *
 * Not tested here, because the fake does not implement it (only a real
 * namespace or the Service Bus emulator in Docker would):
 * - TLS on port 5671 and real SAS / Entra ID token validation
 *   (`DefaultAzureCredential` with a namespace only is not exercised);
 * - the queue's own maxDeliveryCount dead-lettering and lock expiry by time
 *   (the broker's job; the adapter only abandons);
 * - duplicate detection on message id (a queue setting; the fake keeps duplicates);
 * - delivery of a scheduled message at its time (the fake delivers it at once; the
 *   test checks the annotation the broker schedules by);
 * - reconnection after the connection drops.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceBusQueue } from '../../functions/src/adapters/queue/service-bus-queue.js';
import { DeliveryDeferred, type Queue, type ReceivedMessage } from '../../functions/src/ports/queue.js';
import { startFakeServiceBus, type FakeServiceBus } from './support/fake-service-bus.js';

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Service Bus queue (real SDK, fake AMQP peer)', () => {
  let fake: FakeServiceBus;
  let queue: Queue;
  const errors: string[] = [];

  beforeEach(async () => {
    fake = await startFakeServiceBus();
    errors.length = 0;
    queue = createServiceBusQueue({
      connectionString: fake.connectionString,
      clientOptions: { retryOptions: { maxRetries: 1, retryDelayInMs: 100, timeoutInMs: 10_000 } },
      onError: (error, context) => errors.push(`${context}: ${error instanceof Error ? error.message : String(error)}`),
    });
  });

  afterEach(async () => {
    await queue.close();
    await fake.close();
  });

  it('sends with message id = job id and a JSON body', async () => {
    await queue.send('claim-jobs', { jobId: 'job-42' });
    const [message] = fake.received('claim-jobs');
    expect(message?.message_id).toBe('job-42');
    expect(message?.content_type).toBe('application/json');
    expect(fake.jsonBody(message!)).toEqual({ jobId: 'job-42' });
    expect(fake.received('decision-jobs')).toEqual([]);
    // The SDK authenticated through CBS for the queue.
    expect(fake.tokens.some((audience) => audience.endsWith('/claim-jobs'))).toBe(true);
  });

  it('consumes a message, passes deliveryCount 1 and completes it', async () => {
    await queue.send('claim-jobs', { jobId: 'job-1' });
    const seen: ReceivedMessage[] = [];
    const stop = queue.consume('claim-jobs', async (message) => {
      seen.push(message);
    });
    await waitFor(() => fake.settlements.length === 1);
    expect(seen).toEqual([{ jobId: 'job-1', deliveryCount: 1 }]);
    expect(fake.settlements[0]).toMatchObject({ queue: 'claim-jobs', messageId: 'job-1', outcome: 'accepted' });
    expect(fake.pending('claim-jobs')).toEqual([]);
    await stop();
    expect(errors).toEqual([]);
  });

  it("carries the sender's trace context as the application property traceparent", async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await queue.send('claim-jobs', { jobId: 'job-traced', traceparent });
    const seen: ReceivedMessage[] = [];
    const stop = queue.consume('claim-jobs', async (message) => {
      seen.push(message);
    });
    await waitFor(() => fake.settlements.length === 1);
    expect(seen).toEqual([{ jobId: 'job-traced', deliveryCount: 1, traceparent }]);
    await stop();
    expect(errors).toEqual([]);
  });

  it('abandons when the handler throws, so the message is redelivered with deliveryCount 2', async () => {
    const seen: ReceivedMessage[] = [];
    const stop = queue.consume('decision-jobs', async (message) => {
      seen.push(message);
      if (message.deliveryCount === 1) throw new Error('transient failure');
    });
    await queue.send('decision-jobs', { jobId: 'job-2' });
    await waitFor(() => seen.length === 2 && fake.settlements.length === 2);
    expect(seen).toEqual([
      { jobId: 'job-2', deliveryCount: 1 },
      { jobId: 'job-2', deliveryCount: 2 },
    ]);
    expect(fake.settlements.map((s) => s.outcome)).toEqual(['released', 'accepted']);
    expect(fake.pending('decision-jobs')).toEqual([]);
    expect(errors.some((e) => e.includes('transient failure'))).toBe(true);
    await stop();
  });

  it('sendAt schedules a message of its own id for its time', async () => {
    const at = new Date('2030-01-01T10:00:00.000Z');
    await queue.sendAt('decision-jobs', { jobId: 'job-7' }, at);
    const [message] = fake.received('decision-jobs');
    expect(message?.message_id).toBe(`job-7@${at.getTime()}`);
    expect(fake.jsonBody(message!)).toEqual({ jobId: 'job-7' });
    const annotations = (message?.message_annotations ?? {}) as Record<string, unknown>;
    expect(new Date(annotations['x-opt-scheduled-enqueue-time'] as Date).getTime()).toBe(at.getTime());
  });

  it('completes a deferred delivery and sends a scheduled copy instead of abandoning it', async () => {
    const seen: ReceivedMessage[] = [];
    const at = new Date(Date.now() + 60_000);
    const stop = queue.consume('decision-jobs', async (message) => {
      seen.push(message);
      if (seen.length === 1) throw new DeliveryDeferred(at);
    });
    await queue.send('decision-jobs', { jobId: 'job-8' });
    // The fake delivers the scheduled copy at once; its first delivery counts 1, as a fresh message does.
    await waitFor(() => seen.length === 2 && fake.settlements.length === 2);
    expect(seen).toEqual([
      { jobId: 'job-8', deliveryCount: 1 },
      { jobId: 'job-8', deliveryCount: 1 },
    ]);
    expect(fake.settlements.map((s) => [s.messageId, s.outcome])).toEqual([
      ['job-8', 'accepted'],
      [`job-8@${at.getTime()}`, 'accepted'],
    ]);
    expect(errors).toEqual([]);
    await stop();
  });

  it('runs at most `concurrency` handlers at once', async () => {
    let active = 0;
    let maxActive = 0;
    const done: string[] = [];
    const stop = queue.consume(
      'claim-jobs',
      async (message) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(50);
        active -= 1;
        done.push(message.jobId);
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 6; i++) await queue.send('claim-jobs', { jobId: `job-${i}` });
    await waitFor(() => done.length === 6);
    expect(maxActive).toBeLessThanOrEqual(2);
    expect(new Set(done).size).toBe(6);
    await stop();
  });

  it('dead-letters a message that carries no job id', async () => {
    // A foreign producer's message: no body job id and no message id.
    const { ServiceBusClient } = await import('@azure/service-bus');
    const client = new ServiceBusClient(fake.connectionString);
    await client.createSender('claim-jobs').sendMessages({ body: 'not a job' });
    await client.close();
    const seen: ReceivedMessage[] = [];
    const stop = queue.consume('claim-jobs', async (message) => {
      seen.push(message);
    });
    await waitFor(() => fake.deadLettered('claim-jobs').length === 1);
    expect(seen).toEqual([]);
    await stop();
  });

  it('ping succeeds against a reachable namespace', async () => {
    await expect(queue.ping()).resolves.toBeUndefined();
  });

  it('stop() aborts the signal, waits for the running handler, and it still settles', async () => {
    let started = false;
    let finished = false;
    const stop = queue.consume('claim-jobs', async (_message, signal) => {
      started = true;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      await sleep(50);
      finished = true;
    });
    await queue.send('claim-jobs', { jobId: 'long' });
    await waitFor(() => started);
    await stop();
    expect(finished).toBe(true);
    expect(fake.settlements.map((s) => s.outcome)).toEqual(['accepted']);
  });

  it('close() closes the connection and refuses further sends', async () => {
    await queue.send('claim-jobs', { jobId: 'x' });
    queue.consume('claim-jobs', async () => {});
    await waitFor(() => fake.settlements.length === 1);
    expect(fake.openConnections()).toBe(1);
    await queue.close();
    await waitFor(() => fake.openConnections() === 0);
    await expect(queue.send('claim-jobs', { jobId: 'y' })).rejects.toThrow(/closed/);
  });
});
