import type { Mailer } from '../ports/mailer.js';
import type { Model } from '../ports/model.js';
import type { JobMessage, MessageHandler, Queue, QueueName } from '../ports/queue.js';
import { DeliveryDeferred } from '../ports/queue.js';
import { measure } from './meters.js';
import { activeTraceparent, ATTR, contextOfTraceparent, inSpan, SpanKind } from './tracing.js';

/**
 * The ports as traced decorators, put on in the composition root so no service changes to be traced:
 * each model call and each mail handed to the transport is a span; a queue message carries the sender's
 * `traceparent`, and its delivery runs in a span that continues the sender's trace.
 */

/** Each completion a span: the deployment, tokens used, tokens served from the prompt cache, why it stopped. */
export function tracedModel(model: Model, deployment: string): Model {
  return {
    kind: model.kind,
    writesLegalText: model.writesLegalText,
    complete: (request) =>
      inSpan(
        `chat ${deployment}`,
        {
          kind: SpanKind.CLIENT,
          attributes: { [ATTR.deployment]: deployment, 'gen_ai.operation.name': 'chat', 'gen_ai.system': model.kind },
        },
        async (span) => {
          const result = await model.complete({
            ...request,
            onThrottled: (retryAfterMs) => {
              measure.modelThrottled(deployment);
              span.addEvent('throttled', { 'ratkaisu.retry_after_ms': retryAfterMs });
              request.onThrottled?.(retryAfterMs);
            },
          });
          if (result.usage) {
            span.setAttributes({
              [ATTR.inputTokens]: result.usage.promptTokens,
              [ATTR.outputTokens]: result.usage.completionTokens,
              [ATTR.cachedTokens]: result.usage.cachedTokens ?? 0,
            });
            measure.modelTokens(deployment, result.usage);
          }
          if (result.finishReason) span.setAttribute(ATTR.finishReason, [result.finishReason]);
          span.setAttribute('gen_ai.response.model', result.model);
          return result;
        },
      ),
  };
}

/** Each hand-over to the transport a span; the recipient, subject and body stay out of it. */
export function tracedMailer(mailer: Mailer): Mailer {
  return {
    kind: mailer.kind,
    ...(mailer.verify ? { verify: mailer.verify.bind(mailer) } : {}),
    send: (message) =>
      inSpan(
        `mail send`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'ratkaisu.mail.transport': mailer.kind,
            'ratkaisu.mail.attachments': message.attachments?.length ?? 0,
            ...(message.idempotencyKey ? { [ATTR.mailId]: message.idempotencyKey } : {}),
          },
        },
        () => mailer.send(message),
      ),
  };
}

/**
 * Sends carry the active span's `traceparent`; each delivery consumed in this process runs in a `job` span
 * continuing it (under the Functions host index.ts does the same through `runTracedDelivery`).
 */
export function tracedQueue<Q extends Queue>(queue: Q): Q {
  const withTrace = (message: JobMessage): JobMessage => {
    const traceparent = message.traceparent ?? activeTraceparent();
    return traceparent ? { ...message, traceparent } : message;
  };
  // Spread, so what an adapter offers beyond the port (the in-process queue's `drain()` for tests) stays.
  return {
    ...queue,
    send: (name, message) =>
      inSpan(`send ${name}`, { kind: SpanKind.PRODUCER, attributes: sendAttributes(name, message) }, () =>
        queue.send(name, withTrace(message)),
      ),
    sendAt: (name, message, notBefore) =>
      inSpan(`send ${name}`, { kind: SpanKind.PRODUCER, attributes: sendAttributes(name, message) }, () =>
        queue.sendAt(name, withTrace(message), notBefore),
      ),
    consume: (name, handler, options) =>
      queue.consume(
        name,
        (message, signal) => runTracedDelivery(name, message, () => handler(message, signal)),
        options,
      ),
  };
}

function sendAttributes(queue: QueueName, message: JobMessage) {
  return { [ATTR.queue]: queue, [ATTR.jobId]: message.jobId };
}

/**
 * One delivery of a queue message as a span continuing the trace its `traceparent` names, with its
 * duration and outcome measured by kind (the queue). A deferral (the model's budget) is an outcome, not a failure.
 */
export function runTracedDelivery(
  queue: QueueName,
  message: Parameters<MessageHandler>[0],
  handle: () => Promise<void>,
): Promise<void> {
  const started = performance.now();
  return inSpan(
    `job ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextOfTraceparent(message.traceparent),
      attributes: { [ATTR.queue]: queue, [ATTR.jobId]: message.jobId, [ATTR.deliveryCount]: message.deliveryCount },
      expected: (error) => error instanceof DeliveryDeferred,
    },
    async (span) => {
      try {
        await handle();
        measure.job(queue, 'done', performance.now() - started);
      } catch (error) {
        const deferred = error instanceof DeliveryDeferred;
        measure.job(queue, deferred ? 'deferred' : 'failed', performance.now() - started);
        span.setAttribute('ratkaisu.job.outcome', deferred ? 'deferred' : 'failed');
        throw error;
      }
    },
  );
}
