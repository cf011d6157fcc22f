/** `unreachable` / `unauthorised`: the model endpoint did not answer, or refused the credentials (401/403). */
export type DependencyState = 'ok' | 'down' | 'unreachable' | 'unauthorised';

export interface DependencyHealth {
  status: DependencyState;
  /** Which adapter serves this port (sqlite, cosmos, azurite, azure-blob, in-process, service-bus, …). */
  kind: string;
  latencyMs?: number;
  error?: string;
}

export interface HealthResponse {
  status: 'ok' | 'degraded';
  version: string;
  environment: string;
  dependencies: {
    store: DependencyHealth;
    blobs: DependencyHealth;
    queue: DependencyHealth;
    model: DependencyHealth;
    mailer: DependencyHealth;
  };
}
