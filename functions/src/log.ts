// Kept over pino: a few lines per request, and configuring pino to this format (ISO time, `message`, level names, every Error-valued field serialised, the telemetry sink) would take about as many lines as this file.
import { activeTraceIds } from './observability/tracing.js';
/**
 * Structured logging: one JSON object per line, so Application Insights and a
 * terminal reader both get the fields. The fields every line should carry when
 * it has them are the ones of `CorrelationFields`: a query by any of them in
 * Application Insights then finds the whole story of a request or a job.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

/** The correlation fields: pass them to `child()` where a request, a job or a case is known. */
export interface CorrelationFields {
  /** The Functions invocation (one HTTP request, one queue delivery, one timer run). */
  invocationId?: string;
  /** The function (route or worker) name. */
  functionName?: string;
  jobId?: string;
  disputeId?: string;
}

/** Receives every line that passes the level threshold, besides stdout (telemetry.ts: OpenTelemetry). */
export type LogSink = (level: LogLevel, message: string, fields: LogFields) => void;

let sink: LogSink | undefined;

/** Sends every logger's lines also to `next` (undefined: stdout only). One sink per process. */
export function setLogSink(next: LogSink | undefined): void {
  sink = next;
}

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line. */
  child(fields: LogFields): Logger;
}

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(
  options: { level?: LogLevel; write?: (line: string) => void; base?: LogFields } = {},
): Logger {
  const threshold = LEVEL_ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stdout.write(line + '\n'));
  const base = options.base ?? {};
  const emit = (level: LogLevel, message: string, fields?: LogFields) => {
    if (LEVEL_ORDER[level] < threshold) return;
    // The trace a line belongs to, when a span is recorded: a log query and a trace find each other.
    const all = { ...base, ...serialiseErrors(fields), ...activeTraceIds() };
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...all }));
    try {
      sink?.(level, message, all);
    } catch {
      // Telemetry is best effort: a failing exporter must never fail the request or job that logged.
    }
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    child: (fields) => createLogger({ ...options, base: { ...base, ...fields } }),
  };
}

/** Errors do not survive JSON.stringify; keep their name, message and stack for the log (never for a response). */
function serialiseErrors(fields: LogFields | undefined): LogFields | undefined {
  if (!fields) return fields;
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
