import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import {
  BatchSpanProcessor,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { productVersion } from '../version.js';
import { resetInstruments } from './meters.js';
import { setTracingRecording } from './tracing.js';

/**
 * Local and test telemetry (on Azure, telemetry.ts registers the Azure Monitor distro instead):
 *
 * - `otlp`: traces and metrics to `OTEL_EXPORTER_OTLP_ENDPOINT` over OTLP/HTTP with JSON bodies (a
 *   collector, Jaeger, Grafana Tempo, Aspire's dashboard);
 * - `console`: one readable line per finished span on stderr (`OTEL_CONSOLE_SUMMARY=true`);
 * - `memory`: spans kept in memory for a test to read.
 *
 * Registers the provider globally (the AsyncLocalStorage context manager and the W3C propagator with it),
 * so tracing.ts's helpers record from then on. Once per process: a second call answers the first handle
 * while it runs. `shutdown()` undoes the registration, so a later start (the next test file in a worker that
 * shares its modules) begins clean rather than recording into a provider that has stopped.
 */
export type ObservabilityTarget =
  | { kind: 'otlp'; endpoint: string; metricIntervalMs?: number }
  | { kind: 'console'; write?: (line: string) => void }
  | { kind: 'memory' };

export interface ObservabilityHandle {
  /** The spans finished so far (memory only; empty otherwise). */
  spans(): ReadableSpan[];
  /** Exports what is buffered. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let current: ObservabilityHandle | undefined;

export function startObservability(target: ObservabilityTarget, serviceName = 'ratkaisu'): ObservabilityHandle {
  if (current) return current;
  const resource = resourceFromAttributes({ 'service.name': serviceName, 'service.version': productVersion });
  const memory = target.kind === 'memory' ? new InMemorySpanExporter() : undefined;
  const processors: SpanProcessor[] = [];
  let meterProvider: MeterProvider | undefined;
  if (target.kind === 'otlp') {
    const base = target.endpoint.replace(/\/+$/, '');
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: `${base}/v1/traces` })));
    meterProvider = new MeterProvider({
      resource,
      readers: [
        new PeriodicExportingMetricReader({
          exporter: new OTLPMetricExporter({ url: `${base}/v1/metrics` }),
          exportIntervalMillis: target.metricIntervalMs ?? 30_000,
        }),
      ],
    });
    metrics.setGlobalMeterProvider(meterProvider);
    resetInstruments();
  } else if (target.kind === 'console') {
    processors.push(new SimpleSpanProcessor(consoleSummaryExporter(target.write)));
  } else {
    processors.push(new SimpleSpanProcessor(memory!));
  }
  const provider = new NodeTracerProvider({ resource, spanProcessors: processors });
  provider.register();
  setTracingRecording(true);
  current = {
    spans: () => memory?.getFinishedSpans() ?? [],
    flush: async () => {
      await provider.forceFlush();
      await meterProvider?.forceFlush();
    },
    shutdown: async () => {
      setTracingRecording(false);
      current = undefined;
      await provider.shutdown();
      await meterProvider?.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      if (meterProvider) {
        metrics.disable();
        resetInstruments();
      }
    },
  };
  return current;
}

/**
 * A span per line, for a person at a terminal: its trace (short), name, duration, outcome and ids.
 * `[trace 4bf92f35] job decision-jobs 1840 ms ok ratkaisu.case.id=… ratkaisu.job.id=…`
 */
export function consoleSummaryExporter(write: (line: string) => void = (line) => process.stderr.write(line + '\n')) {
  const exporter: SpanExporter = {
    export(spans, done) {
      for (const span of spans) write(summaryLine(span));
      done({ code: 0 });
    },
    shutdown: () => Promise.resolve(),
  };
  return exporter;
}

export function summaryLine(span: ReadableSpan): string {
  const [seconds, nanos] = span.duration;
  const ms = Math.round(seconds * 1000 + nanos / 1e6);
  const outcome = span.status.code === 2 ? 'error' : 'ok';
  const attributes = Object.entries(span.attributes)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
  return `[trace ${span.spanContext().traceId.slice(0, 8)}] ${span.name} ${ms} ms ${outcome}${attributes ? ` ${attributes}` : ''}`;
}
