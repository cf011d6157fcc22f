import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

/**
 * One trace per case action (docs/operations.md#traces-metrics-and-logs): the HTTP request, the queue
 * message it sends (its `traceparent` travels in the message), the job that runs it, each model call and
 * each mail are spans of one trace. The helpers here work whichever provider is registered — the Azure
 * Monitor distro on Azure (telemetry.ts), the OTLP or console exporter locally (start-observability.ts),
 * an in-memory exporter in tests — and cost next to nothing when none is (the API's no-op tracer).
 *
 * Span attributes carry ids only: case, job, attachment, mail, deployment, counts. Never document text,
 * prompts, answers, names or addresses.
 */

/** The attribute names this service adds; the model call's follow OpenTelemetry's gen_ai conventions. */
export const ATTR = {
  caseId: 'ratkaisu.case.id',
  caseNumber: 'ratkaisu.case.number',
  jobId: 'ratkaisu.job.id',
  jobKind: 'ratkaisu.job.kind',
  attachmentId: 'ratkaisu.attachment.id',
  queue: 'messaging.destination.name',
  deliveryCount: 'ratkaisu.queue.delivery_count',
  mailId: 'ratkaisu.mail.id',
  mailPurpose: 'ratkaisu.mail.purpose',
  mailOutcome: 'ratkaisu.mail.outcome',
  deployment: 'gen_ai.request.model',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cachedTokens: 'gen_ai.usage.cached_tokens',
  finishReason: 'gen_ai.response.finish_reasons',
  route: 'http.route',
  status: 'http.response.status_code',
} as const;

const TRACER_NAME = 'ratkaisu';

let recording = false;

/** Set by whoever registers a provider: whether spans are recorded at all (the HTTP layer skips them when not). */
export function setTracingRecording(on: boolean): void {
  recording = on;
}

export function tracingRecording(): boolean {
  return recording;
}

/** The ids a span may carry about the case it serves; undefined ones are left out. */
export interface CaseIds {
  caseId?: string | undefined;
  /** The case's number as the parties see it (RAT-2026-000123). */
  caseNumber?: string | undefined;
  jobId?: string | undefined;
  attachmentId?: string | undefined;
}

export function idAttributes(ids: CaseIds): Attributes {
  const out: Attributes = {};
  if (ids.caseId) out[ATTR.caseId] = ids.caseId;
  if (ids.caseNumber) out[ATTR.caseNumber] = ids.caseNumber;
  if (ids.jobId) out[ATTR.jobId] = ids.jobId;
  if (ids.attachmentId) out[ATTR.attachmentId] = ids.attachmentId;
  return out;
}

/** Adds the case's ids to the span now running (the request's or the job's), when there is one. */
export function tagActiveSpan(ids: CaseIds): void {
  trace.getActiveSpan()?.setAttributes(idAttributes(ids));
}

/**
 * Runs `work` in a new span, child of the active one (or of `parent`), ended when it settles: a throw is
 * recorded as the span's error (its type and message, which name no document text) and rethrown.
 */
export async function inSpan<T>(
  name: string,
  options: {
    kind?: SpanKind;
    attributes?: Attributes;
    parent?: Context;
    /** A throw that is an outcome rather than a failure (a deferred delivery): rethrown, the span left ok. */
    expected?: (error: unknown) => boolean;
  },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const tracer = trace.getTracer(TRACER_NAME);
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, ...(options.attributes ? { attributes: options.attributes } : {}) },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        if (!options.expected?.(error)) markFailed(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

export function markFailed(span: Span, error: unknown): void {
  const name = error instanceof Error ? error.name : 'Error';
  span.setStatus({ code: SpanStatusCode.ERROR, message: name });
  span.setAttribute('error.type', name);
}

/** The W3C `traceparent` of the active span, to carry in a queue message or a stored mail; undefined when none. */
export function activeTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a `traceparent` names (the root when absent or malformed), to parent a job's span on. */
export function contextOfTraceparent(traceparent: string | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { traceparent });
}

/**
 * Where a piece of deferred work (a mail sent by the sweep) hangs its span: under the active span when
 * something is running, else under the trace that recorded the work.
 */
export function parentContext(traceparent: string | undefined): Context {
  return trace.getActiveSpan() ? context.active() : contextOfTraceparent(traceparent);
}

/** The active trace's ids for a log line, or undefined outside a recorded span. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  if (!recording) return undefined;
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  // An unsampled span's ids name nothing an operator can find.
  if ((traceFlags & 1) === 0) return undefined;
  return { traceId, spanId };
}

export { SpanKind };
