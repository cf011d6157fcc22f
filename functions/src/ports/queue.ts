/**
 * Job dispatch. A job document is written to the store before its message is
 * sent (docs/architecture.md rule 5); the message carries only the job id, and the
 * message id is the job id, so a duplicate send is harmless.
 *
 * 'ocr-files' carries no job: its id names an uploaded file (its record is
 * the document written first), and its worker reads that file's scanned pages
 * into the text cache (services/documents/ocr-uploads.ts).
 *
 * Production: Service Bus (consumed by `app.serviceBusQueue` triggers);
 * local: a durable in-process queue whose pending messages survive a restart.
 */
export const QUEUE_NAMES = [
  'claim-jobs',
  'decision-jobs',
  'anonymous-decision-jobs',
  'claims-summary-jobs',
  'data-export-jobs',
  'ocr-files',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface JobMessage {
  /** The job id; on 'ocr-files' the file's id (ocr-uploads.ts). At most 128 characters, none of / \ ? #. */
  jobId: string;
  /**
   * The W3C trace context of the request or job that sent it (observability/traced-ports.ts adds it), so the
   * job's spans continue that trace. Ids only; absent when nothing was traced.
   */
  traceparent?: string;
}

export interface ReceivedMessage extends JobMessage {
  /** 1 on first delivery. */
  deliveryCount: number;
}

/**
 * Throwing makes the message be delivered again later (up to the queue's limit); throwing
 * `DeliveryDeferred` has it delivered again not before its time, without counting as a failed delivery.
 */
export type MessageHandler = (message: ReceivedMessage, signal: AbortSignal) => Promise<void>;

export interface Queue {
  readonly kind: 'in-process' | 'service-bus';
  send(queue: QueueName, message: JobMessage): Promise<void>;
  /**
   * Sends the job's message again, to be delivered not before `notBefore`: a delivery that may not run
   * yet (the model's budget) hands its job on this way and completes. Unlike `send`, a job already queued
   * or being handled does not make it a duplicate: each deferral is a message of its own.
   */
  sendAt(queue: QueueName, message: JobMessage, notBefore: Date): Promise<void>;
  /**
   * Starts consuming `queue` in this process. The local host uses it; under the
   * Functions host the triggers registered in index.ts consume instead.
   * Returns a function that stops consuming and waits for running handlers.
   */
  consume(queue: QueueName, handler: MessageHandler, options?: { concurrency?: number }): () => Promise<void>;
  /** Throws when the queue cannot be reached. */
  ping(): Promise<void>;
  /**
   * Messages waiting, the age of the oldest and the dead letters, over every queue (the deep health check).
   * Absent where the broker reports them itself (Service Bus: Azure Monitor's metrics).
   */
  stats?(): Promise<QueueStats>;
  close(): Promise<void>;
}

export interface QueueStats {
  pending: number;
  /** Milliseconds since the oldest waiting message was sent; 0 when none waits. */
  oldestAgeMs: number;
  deadLettered: number;
}

/**
 * Thrown by a handler whose job may not run yet: the queue delivers the message again not before
 * `notBefore`, and the delivery does not count towards dead-lettering (it did not fail).
 */
export class DeliveryDeferred extends Error {
  constructor(readonly notBefore: Date) {
    super(`Delivery deferred until ${notBefore.toISOString()}.`);
    this.name = 'DeliveryDeferred';
  }
}
