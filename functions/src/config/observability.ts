import { flag, integer, optionalText, optionalUrl, type Settings } from './setting-parsers.js';

export const observabilitySettings = {
  // OpenTelemetry to Application Insights (functions/src/telemetry.ts). Unset: logs go to stdout only.
  APPLICATIONINSIGHTS_CONNECTION_STRING: optionalText,
  // Without Application Insights: traces and metrics over OTLP/HTTP (JSON) to this collector
  // (functions/src/observability/start-observability.ts), else, when asked, a readable line per span on stderr.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_CONSOLE_SUMMARY: flag(false),
  // The deep health check (services/health): the free disk space under which it fails.
  HEALTH_MIN_FREE_DISK_MB: integer(512, 0, 10_000_000),
};

export interface ObservabilityConfig {
  /**
   * Application Insights connection string (undefined: not on Azure Monitor); else an OTLP/HTTP endpoint;
   * else a console summary when `consoleSummary`; else nothing is recorded.
   */
  telemetry: { connectionString: string | undefined; otlpEndpoint: string | undefined; consoleSummary: boolean };
  /** The deep health check's disk threshold. */
  health: { minFreeDiskBytes: number };
}

export function readObservability(e: Settings<typeof observabilitySettings>): ObservabilityConfig {
  return {
    telemetry: {
      connectionString: e.APPLICATIONINSIGHTS_CONNECTION_STRING,
      otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
      consoleSummary: e.OTEL_CONSOLE_SUMMARY,
    },
    health: { minFreeDiskBytes: e.HEALTH_MIN_FREE_DISK_MB * 1024 * 1024 },
  };
}
