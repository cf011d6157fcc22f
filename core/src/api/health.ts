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

/**
 * What a deep health check can find, by code, with its English text (`{{param}}` where a figure goes); the
 * Finnish texts live in the web's catalogue (admin.deepHealthFinding_<code>). The server writes `detail` from
 * these texts for logs and operators, and sends the code and figures so the admin screen words the finding
 * in the reader's language. `error` is a dependency's own message (technical, untranslated).
 */
export const DEEP_HEALTH_FINDINGS = {
  storeAnswered: 'ping and a read answered',
  blobRoundTrip: 'a blob written, read back and deleted',
  blobDiffers: 'the probe blob read back differs',
  queueBroker: 'reachable; depth and dead letters: the broker metrics',
  queueFigures: '{{pending}} pending, oldest {{oldestSeconds}} s, {{deadLettered}} dead-lettered',
  modelOffline: 'no endpoint to probe',
  modelAnswered: 'the endpoint answered {{httpStatus}}',
  modelKeyRefused: 'the endpoint answered {{httpStatus}} (key refused)',
  mailChecked: 'the transport answered; mails given up: {{failed}}',
  mailUnchecked: 'the transport has no check without sending; mails given up: {{failed}}',
  caKeyAnswered: 'the CA key answered',
  caKeyEmpty: 'the CA key is empty',
  certificatesNoCa: 'no CA yet',
  certificatesNoCaExpiring: 'no CA yet; certificates in use ending within {{warningDays}} days: {{expiring}}',
  certificatesCaEnds: 'the CA ends in {{caDays}} days',
  certificatesCaEndsExpiring:
    'the CA ends in {{caDays}} days; certificates in use ending within {{warningDays}} days: {{expiring}}',
  auditIntact: '{{chains}} chains, {{entries}} entries intact',
  auditBroken: 'broken in chain {{chain}}',
  diskFree: '{{freeMb}} MB free (at least {{minMb}} MB wanted)',
  checkTimedOut: 'no answer within {{seconds}} s',
  checkFailed: 'the check failed: {{error}}',
} as const;
export type DeepHealthFindingCode = keyof typeof DEEP_HEALTH_FINDINGS;

/** A finding by its code and figures (DEEP_HEALTH_FINDINGS). */
export interface DeepHealthFinding {
  code: DeepHealthFindingCode;
  params: Record<string, string | number>;
}

/** The finding's English text, its figures filled in. */
export function deepHealthFindingText(finding: DeepHealthFinding): string {
  return DEEP_HEALTH_FINDINGS[finding.code].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in finding.params ? String(finding.params[name]) : whole,
  );
}

/** One check's outcome: `warn` is working but needing attention soon (a certificate expiring within 30 days). */
export interface DeepHealthCheck {
  name: DeepHealthCheckName;
  status: 'ok' | 'warn' | 'fail';
  /** Which adapter or what was checked (sqlite, smtp, the CA, the data directory). */
  kind: string;
  latencyMs: number;
  /** What was found, in English for operators and logs (the finding's text); never personal data. */
  detail: string;
  /** The same finding by code and figures, for the admin screen in the reader's language (absent in reports kept before). */
  finding?: DeepHealthFinding;
}

/** `GET /api/superadmin/health`: the deep health check's last run, or `checkedAt: null` before the first. */
export interface DeepHealthReport {
  status: 'ok' | 'warn' | 'fail';
  checkedAt: string | null;
  checks: DeepHealthCheck[];
}
