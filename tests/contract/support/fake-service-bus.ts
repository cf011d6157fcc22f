/**
 * A small AMQP 1.0 peer on loopback that is just enough of Azure Service Bus
 * for the real `@azure/service-bus` SDK to send to and receive from queues:
 *
 * - SASL ANONYMOUS (the SDK authenticates with a CBS token, not SASL PLAIN);
 * - the `$cbs` put-token request/response: records the token, answers 202;
 * - queue sender links: stores each message (auto-accepted);
 * - queue receiver links (peek-lock): delivers stored messages as credit
 *   arrives, with a lock token (delivery tag), sequence number, enqueued time,
 *   locked-until and the AMQP header delivery-count (0 on first delivery, as
 *   Service Bus sends it). Dispositions: accepted → removed; released or
 *   modified → back in the queue with delivery-count + 1; rejected →
 *   dead-lettered. A receiver link or connection that goes away puts its
 *   unsettled messages back (as an expired lock would), count + 1;
 * - `<queue>/$management`: only `com.microsoft:renew-lock` (the SDK's lock
 *   auto-renewal); other operations answer 501.
 *
 * Not faked: TLS (the SDK's `UseDevelopmentEmulator=true` connection string
 * uses plain AMQP), token validation, sessions, duplicate detection, lock
 * expiry by time, maxDeliveryCount dead-lettering, scheduled/deferred messages.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import rhea, { type Delivery, type EventContext, type Message, type Receiver, type Sender } from 'rhea';

export interface FakeQueueMessage {
  /** The message as the client sent it. */
  message: Message;
  sequenceNumber: number;
  enqueuedAt: Date;
  /** AMQP header delivery-count: failed deliveries so far. */
  deliveryCount: number;
  /** The receiver link holding the lock, while delivered and unsettled. */
  lockedBy?: Sender;
}

export interface FakeServiceBus {
  readonly port: number;
  /** Connection string for the SDK: plain AMQP on the fake's port. */
  readonly connectionString: string;
  /** Every message received from a client, per queue, in arrival order (never removed). */
  received(queue: string): Message[];
  /** Messages still in the queue (available or locked). */
  pending(queue: string): FakeQueueMessage[];
  deadLettered(queue: string): FakeQueueMessage[];
  /** Settlement outcomes seen, in order. */
  readonly settlements: { queue: string; messageId: unknown; outcome: string; deliveryCount: number }[];
  /** Audiences of the CBS tokens put. */
  readonly tokens: string[];
  /** Connections currently open. */
  openConnections(): number;
  /** Parses a received message's JSON data-section body. */
  jsonBody(message: Message): unknown;
  close(): Promise<void>;
}

/** rhea's outcome constructors; present at runtime but missing from its typings. */
const outcomes = (
  rhea as unknown as {
    message: Record<'accepted' | 'released' | 'rejected', (fields?: object) => { described(): unknown }>;
  }
).message;

/** The attach frames rhea keeps on a link; real fields, missing from rhea's typings. */
interface LinkFrames {
  remote: { attach?: { source?: { address?: string }; target?: { address?: string } } };
  local: { attach: { max_message_size?: number } };
}
const frames = (link: Sender | Receiver) => link as unknown as LinkFrames;

/** The last segment of a link address: the SDK may use `queue` or `sb://host/queue`. */
function entityOf(address: string | undefined): string {
  if (!address) return '';
  const withoutScheme = address.replace(/^[a-z]+:\/\/[^/]+\//i, '');
  return withoutScheme.replace(/^\/+/, '');
}

export async function startFakeServiceBus(): Promise<FakeServiceBus> {
  const container = rhea.create_container({ id: 'fake-service-bus' });
  // rhea types this as `any`; ANONYMOUS is what the SDK offers for CBS auth.
  (container.sasl_server_mechanisms as { enable_anonymous(): void }).enable_anonymous();

  const queues = new Map<string, FakeQueueMessage[]>();
  const dead = new Map<string, FakeQueueMessage[]>();
  const log = new Map<string, Message[]>();
  const consumers = new Map<string, Set<Sender>>();
  /** Reply links by the client's receiver link name / target address (the requests' reply_to). */
  const replyLinks = new Map<string, Sender>();
  const inFlight = new Map<Delivery, { queue: string; entry: FakeQueueMessage }>();
  const settlements: FakeServiceBus['settlements'] = [];
  const tokens: string[] = [];
  const connections = new Set<rhea.Connection>();
  let sequence = 0;

  const list = <T>(map: Map<string, T[]>, key: string): T[] => {
    let value = map.get(key);
    if (!value) {
      value = [];
      map.set(key, value);
    }
    return value;
  };

  function pump(queue: string): void {
    const waiting = list(queues, queue);
    for (const sender of consumers.get(queue) ?? []) {
      while (sender.is_open() && sender.sendable()) {
        const entry = waiting.find((candidate) => !candidate.lockedBy);
        if (!entry) return;
        entry.lockedBy = sender;
        const outgoing: Message = {
          ...entry.message,
          delivery_count: entry.deliveryCount,
          message_annotations: {
            ...(entry.message.message_annotations ?? {}),
            'x-opt-sequence-number': entry.sequenceNumber,
            'x-opt-enqueued-time': entry.enqueuedAt,
            'x-opt-locked-until': new Date(Date.now() + 5 * 60_000),
          },
        };
        // A 16-byte delivery tag: the SDK turns it into the lock token (a GUID).
        const delivery = sender.send(outgoing, randomBytes(16));
        inFlight.set(delivery, { queue, entry });
      }
    }
  }

  function settle(context: EventContext, outcome: 'accepted' | 'released' | 'modified' | 'rejected'): void {
    const delivery = context.delivery;
    if (!delivery) return;
    const held = inFlight.get(delivery);
    inFlight.delete(delivery);
    // Settle our side with the outcome the client chose: the SDK waits for the broker to confirm.
    const outcome_ = outcome === 'accepted' ? 'accepted' : outcome === 'rejected' ? 'rejected' : 'released';
    delivery.update(true, outcomes[outcome_]().described());
    if (!held) return;
    const { queue, entry } = held;
    settlements.push({ queue, messageId: entry.message.message_id, outcome, deliveryCount: entry.deliveryCount });
    const waiting = list(queues, queue);
    const index = waiting.indexOf(entry);
    if (outcome === 'accepted' || outcome === 'rejected') {
      if (index >= 0) waiting.splice(index, 1);
      if (outcome === 'rejected') list(dead, queue).push({ ...entry, lockedBy: undefined });
    } else {
      entry.lockedBy = undefined;
      entry.deliveryCount += 1;
    }
    pump(queue);
  }

  /** A receiver link that went away: its locks are lost, so its messages come back. */
  function dropConsumer(sender: Sender): void {
    for (const [queue, set] of consumers) {
      if (!set.delete(sender)) continue;
      for (const [delivery, held] of inFlight) {
        if (held.entry.lockedBy !== sender) continue;
        inFlight.delete(delivery);
        held.entry.lockedBy = undefined;
        held.entry.deliveryCount += 1;
      }
      pump(queue);
    }
    for (const [address, link] of replyLinks) if (link === sender) replyLinks.delete(address);
  }

  function reply(request: Message, status: number, description: string, body?: unknown): void {
    const to = typeof request.reply_to === 'string' ? request.reply_to : undefined;
    const link = to ? replyLinks.get(to) : undefined;
    if (!link) return;
    link.send({
      to,
      correlation_id: request.message_id,
      application_properties: { 'status-code': status, 'status-description': description, statusCode: status },
      body,
    });
  }

  container.on('connection_open', (context: EventContext) => {
    connections.add(context.connection);
  });
  const forget = (context: EventContext) => {
    connections.delete(context.connection);
    for (const set of consumers.values())
      for (const sender of [...set]) if (sender.connection === context.connection) dropConsumer(sender);
  };
  container.on('connection_close', forget);
  container.on('disconnected', forget);

  // The client opened a receiver: we are the sender.
  container.on('sender_open', (context: EventContext) => {
    const sender = context.sender as Sender;
    const { source, target } = frames(sender).remote.attach ?? {};
    sender.set_source({ address: source?.address ?? '' });
    if (target?.address) sender.set_target({ address: target.address });
    const entity = entityOf(source?.address);
    if (entity === '$cbs' || entity.endsWith('$management')) {
      // Requests name their reply link in reply_to: the SDK uses the link name (and the target address, if any).
      replyLinks.set(sender.name, sender);
      if (target?.address) replyLinks.set(target.address, sender);
      return;
    }
    let set = consumers.get(entity);
    if (!set) {
      set = new Set();
      consumers.set(entity, set);
    }
    set.add(sender);
  });
  container.on('sendable', (context: EventContext) => {
    const sender = context.sender as Sender;
    for (const [queue, set] of consumers) if (set.has(sender)) pump(queue);
  });
  container.on('accepted', (context: EventContext) => settle(context, 'accepted'));
  container.on('released', (context: EventContext) => settle(context, 'released'));
  container.on('modified', (context: EventContext) => settle(context, 'modified'));
  container.on('rejected', (context: EventContext) => settle(context, 'rejected'));
  container.on('sender_close', (context: EventContext) => dropConsumer(context.sender as Sender));

  // The client opened a sender: we are the receiver.
  container.on('receiver_open', (context: EventContext) => {
    const receiver = context.receiver as Receiver;
    const target = frames(receiver).remote.attach?.target;
    receiver.set_target({ address: target?.address ?? '' });
    // The SDK reads the broker's maximum message size from the attach.
    frames(receiver).local.attach.max_message_size = 1024 * 1024;
  });

  container.on('message', (context: EventContext) => {
    const receiver = context.receiver as Receiver;
    const message = context.message as Message;
    const entity = entityOf(frames(receiver).remote.attach?.target?.address);
    if (entity === '$cbs') {
      const name = message.application_properties?.['name'];
      tokens.push(String(name));
      reply(message, 202, 'Accepted');
      return;
    }
    if (entity.endsWith('$management')) {
      const operation = message.application_properties?.['operation'];
      if (operation === 'com.microsoft:renew-lock') {
        const lockTokens = (message.body as { 'lock-tokens'?: unknown[] } | undefined)?.['lock-tokens'] ?? [];
        reply(message, 200, 'OK', {
          expirations: lockTokens.map(() => new Date(Date.now() + 5 * 60_000)),
        });
      } else {
        reply(message, 501, `The fake does not implement ${String(operation)}.`);
      }
      return;
    }
    // Service Bus assigns a message id when the sender gives none.
    message.message_id ??= randomUUID();
    list(log, entity).push(message);
    list(queues, entity).push({ message, sequenceNumber: ++sequence, enqueuedAt: new Date(), deliveryCount: 0 });
    pump(entity);
  });

  // rhea emits 'error' for protocol errors; keep them from crashing the test process.
  container.on('error', () => {});

  const server = container.listen({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    connectionString: `Endpoint=sb://127.0.0.1:${port};SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=SAS_KEY_VALUE;UseDevelopmentEmulator=true`,
    received: (queue) => [...(log.get(queue) ?? [])],
    pending: (queue) => [...(queues.get(queue) ?? [])],
    deadLettered: (queue) => [...(dead.get(queue) ?? [])],
    settlements,
    tokens,
    openConnections: () => connections.size,
    jsonBody(message) {
      const body = message.body as { typecode?: number; content?: unknown } | Buffer | string | undefined;
      if (Buffer.isBuffer(body)) return JSON.parse(body.toString('utf8'));
      if (body && typeof body === 'object' && body.typecode === 0x75 && Buffer.isBuffer(body.content)) {
        return JSON.parse(body.content.toString('utf8'));
      }
      return typeof body === 'string' ? JSON.parse(body) : body;
    },
    async close() {
      for (const connection of connections) connection.close();
      // Bounded: a client that never answers the close must not hang the test run.
      await Promise.race([
        new Promise<void>((resolve) => server.close(() => resolve())),
        new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref()),
      ]);
    },
  };
}
