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
  /** The model deployments' use and the wait of a typical case (absent for the offline model). */
  modelCapacity?: ModelCapacity;
}

/** One model deployment's use now (services/model-budget): /health and the administrators' overview. */
export interface ModelDeploymentUse {
  name: string;
  /** `azure-openai` or `openai-compatible`. */
  kind: string;
  /** Lower first when jobs are placed. */
  priority: number;
  windowSeconds: number;
  /** Configured per window (Azure's TPM and RPM for a minute). */
  tokensPerWindow: number;
  requestsPerWindow: number;
  /** In force now: lowered after a 429 or by what the deployment's headers show others used. */
  tokensInForce: number;
  requestsInForce: number;
  /** Our calls in the last window. */
  usedTokens: number;
  usedRequests: number;
  /** Jobs admitted here and not yet ended, and jobs waiting in its line. */
  runningJobs: number;
  waitingJobs: number;
  /** Seconds until the last job in its line is expected to start. */
  lineSeconds: number;
  /** While calls are paused after a 429 or a Retry-After: until when (ISO). */
  pausedUntil?: string;
}

/** The model's capacity: each deployment's use, and how long a typical case would wait now. */
export interface ModelCapacity {
  deployments: ModelDeploymentUse[];
  /** Tokens of a typical case decision (the median of recent ones, or a default before there are any). */
  typicalCaseTokens: number;
  /** Windows a typical case decision would take from now: the line ahead plus its own tokens at the rate. */
  typicalCaseWindows: number;
  /** Set when that is more than a few windows: the capacity is short for the load. */
  warning?: string;
}

/** The checks of the deep health check (services/health), each run by a timer, never by `/health`. */
export const DEEP_HEALTH_CHECKS = [
  'store',
  'blobs',
  'queue',
  'model',
  'mail',
  'signingKeys',
  'certificates',
  'auditChain',
  'disk',
] as const;
export type DeepHealthCheckName = (typeof DEEP_HEALTH_CHECKS)[number];

/** One check's outcome: `warn` is working but needing attention soon (a certificate expiring within 30 days). */
export interface DeepHealthCheck {
  name: DeepHealthCheckName;
  status: 'ok' | 'warn' | 'fail';
  /** Which adapter or what was checked (sqlite, smtp, the CA, the data directory). */
  kind: string;
  latencyMs: number;
  /** What was found, in English for operators (figures, an error's message); never personal data. */
  detail: string;
}

/** `GET /api/superadmin/health`: the deep health check's last run, or `checkedAt: null` before the first. */
export interface DeepHealthReport {
  status: 'ok' | 'warn' | 'fail';
  checkedAt: string | null;
  checks: DeepHealthCheck[];
}
