import type { InvocationContext } from '@azure/functions';
import type { Deps } from './deps.js';
import type { QueueName, ReceivedMessage } from './ports/queue.js';

/**
 * Every queue worker, once — the queue-side twin of routes.ts. index.ts
 * registers each with `app.serviceBusQueue`; the local host consumes the same
 * queues in-process. The claim and decision workers arrive with their issues.
 */
export interface WorkerDefinition {
  name: string;
  queue: QueueName;
  /** How many messages one instance handles at once. */
  concurrency: number;
  handler: (deps: Deps, message: ReceivedMessage, signal: AbortSignal, context: InvocationContext) => Promise<void>;
}

export const workers: readonly WorkerDefinition[] = [];
