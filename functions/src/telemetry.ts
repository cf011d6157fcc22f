import { createRequire } from 'node:module';
import type { Config } from './config.js';
import { setLogSink, type LogFields, type LogLevel, type LogSink } from './log.js';
import { resetInstruments } from './observability/meters.js';
import { setTracingRecording } from './observability/tracing.js';

/**
 * OpenTelemetry to Application Insights, on only when
 * APPLICATIONINSIGHTS_CONNECTION_STRING is set (the Function App in Azure).
 * The distro is imported on demand: it loads some hundred modules, which the
 * local host and the tests never need.
 *
 * It traces the Azure SDK calls (Cosmos, Blob, Service Bus) and outgoing HTTP
 * (the model), and every structured log line becomes an OpenTelemetry log
 * record whose attributes are the line's fields, so invocationId, jobId and
 * disputeId are queryable columns (customDimensions) in Application Insights.
 */

/** The slice of `@opentelemetry/api-logs` this file uses. */
interface OtelLogger {
  emit(record: {
    severityNumber: number;
    severityText: string;
    body: string;
    attributes: Record<string, string | number | boolean>;
  }): void;
}
interface OtelLogsApi {
  logs: { getLogger(name: string): OtelLogger };
}

// SeverityNumber of the OpenTelemetry log data model.
const SEVERITY: Record<LogLevel, number> = { debug: 5, info: 9, warn: 13, error: 17 };

let started: Promise<boolean> | undefined;

/**
 * Whichever telemetry the settings ask for, once per process: Application Insights (Azure), else OTLP/HTTP
 * to OTEL_EXPORTER_OTLP_ENDPOINT, else a console line per span (OTEL_CONSOLE_SUMMARY), else none.
 * Answers whether anything records. Never throws.
 */
export async function startConfiguredTelemetry(telemetry: Config['telemetry']): Promise<boolean> {
  if (telemetry.connectionString) return startTelemetry(telemetry.connectionString);
  if (!telemetry.otlpEndpoint && !telemetry.consoleSummary) return false;
  try {
    // On demand, as the distro is: the SDK and its exporters are modules a host without telemetry never needs.
    const { startObservability } = await import('./observability/start-observability.js');
    if (telemetry.otlpEndpoint) startObservability({ kind: 'otlp', endpoint: telemetry.otlpEndpoint });
    else startObservability({ kind: 'console' });
    return true;
  } catch (error) {
    console.error('Telemetry could not start', error);
    return false;
  }
}

/** Starts the exporter once per process; answers whether telemetry is on. Never throws. */
export function startTelemetry(
  connectionString: string | undefined,
  onError: (error: unknown) => void = (error) => console.error('Telemetry could not start', error),
): Promise<boolean> {
  if (!connectionString) return Promise.resolve(false);
  started ??= (async () => {
    try {
      const { useAzureMonitor } = await import('@azure/monitor-opentelemetry');
      useAzureMonitor({
        azureMonitorExporterOptions: { connectionString },
        instrumentationOptions: { azureSdk: { enabled: true }, http: { enabled: true } },
        enableLiveMetrics: true,
      });
      // The logs API as the distro itself resolves it, so the provider it registered is the one found.
      const requireFromDistro = createRequire(import.meta.resolve('@azure/monitor-opentelemetry'));
      const { logs } = requireFromDistro('@opentelemetry/api-logs') as OtelLogsApi;
      setLogSink(otelSink(logs.getLogger('ratkaisu')));
      // The distro registered its tracer and meter providers: our spans and instruments go to them from now.
      setTracingRecording(true);
      resetInstruments();
      return true;
    } catch (error) {
      onError(error);
      return false;
    }
  })();
  return started;
}

export function otelSink(logger: OtelLogger): LogSink {
  return (level, message, fields) =>
    logger.emit({
      severityNumber: SEVERITY[level],
      severityText: level.toUpperCase(),
      body: message,
      attributes: toAttributes(fields),
    });
}

/** Log attributes are flat scalars: nested values (an error, a list) are kept as JSON text. */
export function toAttributes(fields: LogFields): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else out[key] = JSON.stringify(value);
  }
  return out;
}
