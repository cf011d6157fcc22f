import { parseFaultPlan, type FaultRule } from './adapters/faults/fault-plan.js';
import path from 'node:path';
import { DEFAULT_MAX_UPLOAD_BYTES, WRITE_ONCE_RETENTION_DEFAULT_DAYS } from '@ratkaisu/core';
import { z } from 'zod';

/**
 * The whole configuration, read from the environment once at start-up
 * (docs/architecture.md rule 8). Which adapter serves each port follows from which
 * settings are present; with none, the embedded local defaults are used.
 * docs/settings.md lists every setting with its default.
 */

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url({ message: 'must be an absolute URL' }).optional())
  .optional();

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return parsed;
    });

const flag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (/^(1|true|yes|on)$/i.test(value)) return true;
      if (/^(0|false|no|off)$/i.test(value)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

const envSchema = z.object({
  RATKAISU_ENV: z.enum(['local', 'test', 'production']).default('local'),
  PORT: integer(7071, 0, 65535),
  HOST: z.string().trim().default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  PUBLIC_URL: optionalUrl,
  WEB_DIST_DIR: optionalText,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  CORS_ORIGINS: optionalText,

  ADMIN_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email({ message: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),

  MAX_JSON_BODY_BYTES: integer(1024 * 1024, 1024, 64 * 1024 * 1024),
  MAX_UPLOAD_BYTES: integer(DEFAULT_MAX_UPLOAD_BYTES, 1024, 512 * 1024 * 1024),
  SESSION_IDLE_MINUTES: integer(60, 1, 60 * 24 * 30),
  SESSION_ABSOLUTE_HOURS: integer(24, 1, 24 * 90),
  // How long "Keep me signed in" lasts on a device at most (a remembered session's absolute time-out).
  SESSION_PERSISTENT_DAYS: integer(30, 1, 365),
  // Days each side has for a phase (docs/product.md section 4: default 14, configurable).
  PHASE_DUE_DAYS: integer(14, 1, 365),
  // Decisions the public generator takes from one IP address per clock hour.
  ANONYMOUS_DECISIONS_PER_HOUR: integer(5, 1, 10_000),
  // Registrations and password-reset requests one address may make per clock hour.
  ACCOUNT_REQUESTS_PER_HOUR: integer(10, 1, 100_000),
  // User-name availability checks (the sign-up form's, as the user types) one address may make per clock hour.
  USERNAME_CHECKS_PER_HOUR: integer(300, 1, 100_000),
  // Second-factor time steps accepted either side of now. 1 (clock drift) everywhere but test runs, where a
  // browser test takes several codes in a row without waiting real 30-second steps.
  TOTP_WINDOW_STEPS: integer(1, 1, 40),
  // New password hashes at OWASP's argon2id cost; `test` (test runs only) at a light one.
  PASSWORD_HASH_COST: z.enum(['owasp', 'test']).default('owasp'),
  FAULTS: optionalText,
  FAULTS_SWITCHABLE: flag(false),

  // Cosmos DB: a connection string, an endpoint and key, or an endpoint alone (managed identity).
  COSMOS_CONNECTION_STRING: optionalText,
  COSMOS_ENDPOINT: optionalUrl,
  COSMOS_KEY: optionalText,
  COSMOS_DATABASE: z.string().trim().min(1).default('ratkaisu'),

  // Blob Storage: a connection string, or an account URL (managed identity). Neither: Azurite.
  AZURE_STORAGE_CONNECTION_STRING: optionalText,
  AZURE_STORAGE_ACCOUNT_URL: optionalUrl,
  AZURITE_BLOB_PORT: integer(10000, 0, 65535),
  // Days a write-once record (an issued award, a receipt, an audit checkpoint) is kept (docs/operations.md):
  // by default the default case retention (15 calendar years are never fewer than 5478 days), so an original
  // is protected for the whole life of a case and may go when its case does (docs/data-lifecycle.md).
  WRITE_ONCE_RETENTION_DAYS: integer(WRITE_ONCE_RETENTION_DEFAULT_DAYS, 1, 146000),

  // Service Bus, under the names the Functions trigger binding reads. Neither: the in-process queue.
  ServiceBusConnection: optionalText,
  ServiceBusConnection__fullyQualifiedNamespace: optionalText,

  // Any OpenAI-compatible endpoint.
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  // Azure OpenAI (managed identity unless a key is given).
  AZURE_OPENAI_ENDPOINT: optionalUrl,
  AZURE_OPENAI_DEPLOYMENT: optionalText,
  AZURE_OPENAI_API_VERSION: z.string().trim().default('2024-10-21'),
  AZURE_OPENAI_API_KEY: optionalText,
  MODEL_MAX_RETRIES: integer(4, 0, 10),
  MODEL_TIMEOUT_SECONDS: integer(600, 5, 3600),
  // What the deployment accepts: its context window, and whether it takes temperature/top_p (reasoning models do not).
  MODEL_CONTEXT_TOKENS: integer(128_000, 8_000, 2_000_000),
  MODEL_SAMPLING_PARAMETERS: flag(true),
  // Model calls one decision makes at a time (chapters of a round, documents condensed into a dossier).
  MODEL_CONCURRENCY: integer(4, 1, 32),
  MODEL_TPM: integer(100_000, 1_000, 1_000_000_000),
  MODEL_RPM: integer(600, 1, 10_000_000),
  MODEL_BUDGET_WINDOW_SECONDS: integer(60, 1, 3_600),
  // Further deployments beside the default one above, as JSON (docs/SCALE.md "Several deployments").
  MODEL_DEPLOYMENTS: optionalText,
  ANONYMOUS_MAX_QUEUE_AHEAD: integer(10, 0, 10_000),
  // max_completion_tokens of one chapter call: one number for all, or one per chapter separated by commas.
  MODEL_MAX_COMPLETION_TOKENS: z
    .string()
    .trim()
    .default('8000')
    .refine((value) => /^\d+(\s*,\s*\d+)*$/.test(value), 'a number of tokens, or one per chapter separated by commas'),
  // Prices for the cost estimate on a job, euros per million tokens: prompt, cached prompt, completion.
  MODEL_PRICE_EUR_PER_MTOK: z
    .string()
    .trim()
    .default('1.85,0.46,7.40')
    .refine((value) => /^\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d+)?$/.test(value), 'three prices: prompt,cached,completion'),

  // OCR of scanned pages (pages without a usable text layer): at most this many pages of one file (0: no OCR),
  // at most this many seconds of OCR per job, and pages read with a mean confidence below the floor are flagged.
  OCR_MAX_PAGES_PER_FILE: integer(50, 0, 10_000),
  OCR_MAX_SECONDS_PER_JOB: integer(600, 0, 24 * 3600),
  OCR_CONFIDENCE_FLOOR: integer(60, 0, 100),
  // Uploaded PDFs are read (text and OCR) in the background right after the upload, so jobs find them read.
  OCR_AT_UPLOAD: flag(true),

  // Mail: SMTP, or Azure Communication Services Email. Neither: .eml files in DATA_DIR/outbox.
  MAIL_FROM: z.string().trim().default('Ratkaisu <no-reply@ratkaisu.local>'),
  SMTP_HOST: optionalText,
  SMTP_PORT: integer(587, 1, 65535),
  SMTP_SECURE: flag(false),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  ACS_EMAIL_CONNECTION_STRING: optionalText,
  ACS_EMAIL_ENDPOINT: optionalUrl,

  // Card payments (docs/fees.md): Stripe Checkout when a secret key is set; unset, the built-in test provider.
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,

  // Work-account sign-in (Entra ID). Unset: local accounts only.
  ENTRA_CLIENT_ID: optionalText,
  ENTRA_API_SCOPE: optionalText,
  ENTRA_AUTHORITY: optionalUrl,
  ENTRA_API_AUDIENCE: optionalText,
  ENTRA_JWKS_URL: optionalUrl,

  // Two-factor secrets are encrypted at rest with this key (base64 of 32 bytes). Required in production.
  TFA_ENCRYPTION_KEY: optionalText,

  // PDF signatures (docs/signing.md): keys in this Key Vault; unset, encrypted under DATA_DIR/signing.
  SIGNING_KEY_VAULT_URL: optionalUrl,
  // An organisation's own signing CA instead of the one made at first start: its certificate (PEM file),
  // and its key as a PEM PKCS #8 file (local keys) or the name of a Key Vault key.
  SIGNING_CA_CERT_FILE: optionalText,
  SIGNING_CA_KEY_FILE: optionalText,
  SIGNING_CA_KEY_NAME: optionalText,
  // An RFC 3161 timestamp authority: each signature gets a signature time-stamp (PAdES-B-T).
  SIGNING_TSA_URL: optionalUrl,

  // OpenTelemetry to Application Insights (functions/src/telemetry.ts). Unset: logs go to stdout only.
  APPLICATIONINSIGHTS_CONNECTION_STRING: optionalText,
  // Without Application Insights: traces and metrics over OTLP/HTTP (JSON) to this collector
  // (functions/src/observability/start-observability.ts), else, when asked, a readable line per span on stderr.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  OTEL_CONSOLE_SUMMARY: flag(false),
  // The deep health check (services/health): the free disk space under which it fails.
  HEALTH_MIN_FREE_DISK_MB: integer(512, 0, 10_000_000),
});

export type Environment = z.input<typeof envSchema>;

/** Every setting name this file reads (infra/ and docs/settings.md must not name any other). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type StoreConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'cosmos'; database: string; connectionString?: string; endpoint?: string; key?: string };

export type BlobsConfig =
  | { kind: 'azurite'; port: number; location: string | undefined; connectionString?: string }
  | { kind: 'azure-blob'; connectionString?: string; accountUrl?: string };

export type QueueConfig =
  { kind: 'in-process' } | { kind: 'service-bus'; connectionString?: string; fullyQualifiedNamespace?: string };

export type ModelConfig =
  | { kind: 'offline' }
  | {
      kind: 'openai-compatible';
      baseURL: string;
      apiKey?: string;
      model: string;
      maxRetries: number;
      timeoutMs: number;
    }
  | {
      kind: 'azure-openai';
      endpoint: string;
      deployment: string;
      apiVersion: string;
      apiKey?: string;
      maxRetries: number;
      timeoutMs: number;
    };

export type MailerConfig =
  | { kind: 'outbox'; directory: string; from: string }
  | { kind: 'smtp'; host: string; port: number; secure: boolean; user?: string; password?: string; from: string }
  | { kind: 'azure-communication'; connectionString?: string; endpoint?: string; from: string };

export interface Config {
  environment: 'local' | 'test' | 'production';
  /** Faults injected into the ports (adapters/faults); empty unless FAULTS is set, never in production. */
  faults: FaultRule[];
  /** The local host takes fault plans from the process that started it (local/control-channel.ts); never in production. */
  faultsSwitchable: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /** True when PUBLIC_URL was not set and publicUrl follows the local host's port. */
  publicUrlFollowsPort: boolean;
  webDistDir: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  corsOrigins: string[];
  /** Days a blob in a write-once container is kept (ports/blobs.ts WRITE_ONCE_CONTAINERS). */
  writeOnceRetentionDays: number;
  admin: { email: string | undefined; password: string | undefined };
  limits: { maxJsonBodyBytes: number; maxUploadBytes: number };
  sessions: { idleMinutes: number; absoluteHours: number; persistentDays: number };
  cases: { phaseDueDays: number };
  anonymous: { decisionsPerHour: number };
  accounts: {
    requestsPerHour: number;
    usernameChecksPerHour: number;
    totpWindowSteps: number;
    passwordHashCost: PasswordHashCost;
  };
  /** The decision pipeline's view of the model deployment. */
  generation: {
    contextTokens: number;
    samplingParameters: boolean;
    concurrency: number;
    /** max_completion_tokens per chapter (the last entry for any chapter past the list). */
    maxCompletionTokens: number[];
    /** Euros per million tokens, for the cost estimate on a job. */
    pricesEurPerMillion: { prompt: number; cached: number; completion: number };
  };
  /**
   * The model deployment's shared budget (services/model-budget): tokens and requests per window (a minute in
   * production; seconds in tests), and how many jobs may wait ahead before the public generator refuses.
   */
  modelBudget: ModelBudgetConfig;
  /** OCR of scanned pages: limits, and the mean confidence (0–100) below which a page is flagged as read poorly. */
  ocr: OcrConfig;
  store: StoreConfig;
  blobs: BlobsConfig;
  queue: QueueConfig;
  model: ModelConfig;
  mailer: MailerConfig;
  /** Who takes card payments: the built-in test provider (no keys), or Stripe Checkout. */
  payments: { kind: 'test' } | { kind: 'stripe'; secretKey: string; webhookSecret: string };
  entra:
    | {
        clientId: string;
        apiScope: string | undefined;
        authority: string;
        /** The `aud` an access token for this API must carry. */
        audience: string;
        /** Where the signing keys are published. */
        jwksUrl: string;
      }
    | undefined;
  /**
   * Keys from the environment. `tfaKey` undefined only outside production: the
   * local stack then keeps a generated key in DATA_DIR/secrets (services/accounts/tfa-encryption-key.ts).
   */
  secrets: { tfaKey: Buffer | undefined };
  /** PDF signatures: where the keys are, an organisation's own CA, the timestamp authority (docs/signing.md). */
  signing: SigningConfig;
  /**
   * Application Insights connection string (undefined: not on Azure Monitor); else an OTLP/HTTP endpoint;
   * else a console summary when `consoleSummary`; else nothing is recorded.
   */
  telemetry: { connectionString: string | undefined; otlpEndpoint: string | undefined; consoleSummary: boolean };
  /** The deep health check's disk threshold. */
  health: { minFreeDiskBytes: number };
}

export interface SigningConfig {
  keys: { kind: 'local'; directory: string } | { kind: 'key-vault'; vaultUrl: string };
  /** The key names of the signing CA and of the service's seal. */
  caKeyName: string;
  sealKeyName: string;
  /** An organisation's CA: its certificate's PEM file, and (local keys) its PEM PKCS #8 key file. */
  caCertificateFile: string | undefined;
  caKeyFile: string | undefined;
  tsaUrl: string | undefined;
}

/** A model deployment beside the default one (MODEL_DEPLOYMENTS): where it is and what it allows per window. */
export interface ModelDeploymentConfig {
  /** Its name in logs, /health and the admin overview (unique; the default deployment is `default`). */
  name: string;
  model: Exclude<ModelConfig, { kind: 'offline' }>;
  tokensPerWindow: number;
  requestsPerWindow: number;
  /** Lower first: a job goes to the first deployment (by priority, then as listed) that can start it soonest. */
  priority: number;
}

export interface ModelBudgetConfig {
  /** Tokens per window the deployment allows (Azure's TPM when the window is a minute). */
  tokensPerWindow: number;
  /** Requests per window (Azure's RPM). */
  requestsPerWindow: number;
  windowMs: number;
  /** Jobs waiting ahead above which the anonymous generator answers 503 instead of queueing. */
  anonymousMaxAhead: number;
  /** The default deployment's priority among `deployments` (0 unless MODEL_DEPLOYMENTS says otherwise). */
  defaultPriority?: number;
  /** Further deployments (MODEL_DEPLOYMENTS); absent or empty: the default deployment alone. */
  deployments?: ModelDeploymentConfig[];
}

export interface OcrConfig {
  maxPagesPerFile: number;
  maxSecondsPerJob: number;
  confidenceFloor: number;
  /** Queue each upload's OCR ahead of any job (services/documents/ocr-uploads.ts). */
  atUpload: boolean;
}

/** The OCR settings' defaults (callers without a Config, such as tests and benchmarks). */
export const DEFAULT_OCR_CONFIG: OcrConfig = {
  maxPagesPerFile: 50,
  maxSecondsPerJob: 600,
  confidenceFloor: 60,
  atUpload: true,
};

/** The argon2id cost of new password hashes (services/accounts/hash-password.ts). */
export type PasswordHashCost = 'owasp' | 'test';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws a `ConfigError` naming every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): Config {
  // An empty value means "not set" (local.settings.json lists every name with "").
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const dataDir = path.resolve(e.DATA_DIR);
  const maxRetries = e.MODEL_MAX_RETRIES;
  const timeoutMs = e.MODEL_TIMEOUT_SECONDS * 1000;

  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) problems.push('ADMIN_EMAIL: required when ADMIN_PASSWORD is set');
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      "STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (the webhook endpoint's signing secret)",
    );
  }
  const payments: Config['payments'] =
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? { kind: 'stripe', secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
      : { kind: 'test' };

  let store: StoreConfig = { kind: 'sqlite', file: path.join(dataDir, 'ratkaisu.db') };
  if (e.COSMOS_CONNECTION_STRING || e.COSMOS_ENDPOINT) {
    store = {
      kind: 'cosmos',
      database: e.COSMOS_DATABASE,
      connectionString: e.COSMOS_CONNECTION_STRING,
      endpoint: e.COSMOS_ENDPOINT,
      key: e.COSMOS_KEY,
    };
  } else if (e.COSMOS_KEY) {
    problems.push('COSMOS_ENDPOINT: required when COSMOS_KEY is set');
  }

  let blobs: BlobsConfig = { kind: 'azurite', port: e.AZURITE_BLOB_PORT, location: path.join(dataDir, 'azurite') };
  if (e.AZURE_STORAGE_CONNECTION_STRING || e.AZURE_STORAGE_ACCOUNT_URL) {
    blobs = {
      kind: 'azure-blob',
      connectionString: e.AZURE_STORAGE_CONNECTION_STRING,
      accountUrl: e.AZURE_STORAGE_ACCOUNT_URL,
    };
  }

  let queue: QueueConfig = { kind: 'in-process' };
  if (e.ServiceBusConnection || e.ServiceBusConnection__fullyQualifiedNamespace) {
    queue = {
      kind: 'service-bus',
      connectionString: e.ServiceBusConnection,
      fullyQualifiedNamespace: e.ServiceBusConnection__fullyQualifiedNamespace,
    };
  }

  let model: ModelConfig = { kind: 'offline' };
  if (e.AZURE_OPENAI_ENDPOINT) {
    if (!e.AZURE_OPENAI_DEPLOYMENT)
      problems.push('AZURE_OPENAI_DEPLOYMENT: required when AZURE_OPENAI_ENDPOINT is set');
    model = {
      kind: 'azure-openai',
      endpoint: e.AZURE_OPENAI_ENDPOINT,
      deployment: e.AZURE_OPENAI_DEPLOYMENT ?? '',
      apiVersion: e.AZURE_OPENAI_API_VERSION,
      apiKey: e.AZURE_OPENAI_API_KEY,
      maxRetries,
      timeoutMs,
    };
  } else if (e.OPENAI_BASE_URL) {
    if (!e.OPENAI_MODEL) problems.push('OPENAI_MODEL: required when OPENAI_BASE_URL is set');
    model = {
      kind: 'openai-compatible',
      baseURL: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      model: e.OPENAI_MODEL ?? '',
      maxRetries,
      timeoutMs,
    };
  } else if (e.OPENAI_API_KEY || e.OPENAI_MODEL) {
    problems.push('OPENAI_BASE_URL: required when OPENAI_API_KEY or OPENAI_MODEL is set');
  }

  const deployments = parseDeployments(e.MODEL_DEPLOYMENTS, model, env, { maxRetries, timeoutMs }, problems);

  let mailer: MailerConfig = { kind: 'outbox', directory: path.join(dataDir, 'outbox'), from: e.MAIL_FROM };
  if (e.SMTP_HOST) {
    mailer = {
      kind: 'smtp',
      host: e.SMTP_HOST,
      port: e.SMTP_PORT,
      secure: e.SMTP_SECURE,
      user: e.SMTP_USER,
      password: e.SMTP_PASSWORD,
      from: e.MAIL_FROM,
    };
  } else if (e.ACS_EMAIL_CONNECTION_STRING || e.ACS_EMAIL_ENDPOINT) {
    mailer = {
      kind: 'azure-communication',
      connectionString: e.ACS_EMAIL_CONNECTION_STRING,
      endpoint: e.ACS_EMAIL_ENDPOINT,
      from: e.MAIL_FROM,
    };
  }

  let tfaKey: Buffer | undefined;
  if (e.TFA_ENCRYPTION_KEY) {
    tfaKey = Buffer.from(e.TFA_ENCRYPTION_KEY, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(e.TFA_ENCRYPTION_KEY) || tfaKey.length !== 32) {
      problems.push('TFA_ENCRYPTION_KEY: must be the base64 of 32 random bytes (openssl rand -base64 32)');
    }
  } else if (e.RATKAISU_ENV === 'production') {
    problems.push('TFA_ENCRYPTION_KEY: required in production (base64 of 32 random bytes: openssl rand -base64 32)');
  }

  if (e.SIGNING_CA_CERT_FILE && !e.SIGNING_CA_KEY_FILE && !e.SIGNING_CA_KEY_NAME) {
    problems.push(
      'SIGNING_CA_CERT_FILE: needs the CA key too (SIGNING_CA_KEY_FILE, or SIGNING_CA_KEY_NAME in Key Vault)',
    );
  }
  if ((e.SIGNING_CA_KEY_FILE || e.SIGNING_CA_KEY_NAME) && !e.SIGNING_CA_CERT_FILE) {
    problems.push(
      'SIGNING_CA_CERT_FILE: required with SIGNING_CA_KEY_FILE or SIGNING_CA_KEY_NAME (the CA certificate, PEM)',
    );
  }
  if (e.SIGNING_CA_KEY_FILE && e.SIGNING_KEY_VAULT_URL) {
    problems.push(
      'SIGNING_CA_KEY_FILE: not with SIGNING_KEY_VAULT_URL (name the CA key in the vault: SIGNING_CA_KEY_NAME)',
    );
  }

  if (e.TOTP_WINDOW_STEPS > 1 && e.RATKAISU_ENV !== 'test') {
    problems.push('TOTP_WINDOW_STEPS: only 1 outside test runs (RATKAISU_ENV=test)');
  }
  if (e.PASSWORD_HASH_COST !== 'owasp' && e.RATKAISU_ENV !== 'test') {
    problems.push('PASSWORD_HASH_COST: only owasp outside test runs (RATKAISU_ENV=test)');
  }
  let faults: FaultRule[] = [];
  try {
    faults = parseFaultPlan(e.FAULTS);
  } catch (error) {
    problems.push(
      `FAULTS: ${error instanceof Error ? error.message.split('\n')[0] : 'not a fault plan'} (a JSON array of rules, docs/settings.md)`,
    );
  }
  if (faults.length > 0 && e.RATKAISU_ENV === 'production') {
    problems.push('FAULTS: only in local and test runs (RATKAISU_ENV=local or test)');
  }
  if (e.FAULTS_SWITCHABLE && e.RATKAISU_ENV === 'production') {
    problems.push('FAULTS_SWITCHABLE: only in local and test runs (RATKAISU_ENV=local or test)');
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    environment: e.RATKAISU_ENV,
    faults,
    faultsSwitchable: e.FAULTS_SWITCHABLE,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlFollowsPort: e.PUBLIC_URL === undefined,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    logLevel: e.LOG_LEVEL,
    writeOnceRetentionDays: e.WRITE_ONCE_RETENTION_DAYS,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    limits: { maxJsonBodyBytes: e.MAX_JSON_BODY_BYTES, maxUploadBytes: e.MAX_UPLOAD_BYTES },
    sessions: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      persistentDays: e.SESSION_PERSISTENT_DAYS,
    },
    cases: { phaseDueDays: e.PHASE_DUE_DAYS },
    anonymous: { decisionsPerHour: e.ANONYMOUS_DECISIONS_PER_HOUR },
    accounts: {
      requestsPerHour: e.ACCOUNT_REQUESTS_PER_HOUR,
      usernameChecksPerHour: e.USERNAME_CHECKS_PER_HOUR,
      totpWindowSteps: e.TOTP_WINDOW_STEPS,
      passwordHashCost: e.PASSWORD_HASH_COST,
    },
    generation: {
      contextTokens: e.MODEL_CONTEXT_TOKENS,
      samplingParameters: e.MODEL_SAMPLING_PARAMETERS,
      concurrency: e.MODEL_CONCURRENCY,
      maxCompletionTokens: e.MODEL_MAX_COMPLETION_TOKENS.split(',').map((value) => Number(value.trim())),
      pricesEurPerMillion: (([prompt, cached, completion]) => ({
        prompt: prompt!,
        cached: cached!,
        completion: completion!,
      }))(e.MODEL_PRICE_EUR_PER_MTOK.split(',').map(Number)),
    },
    modelBudget: {
      tokensPerWindow: e.MODEL_TPM,
      requestsPerWindow: e.MODEL_RPM,
      windowMs: e.MODEL_BUDGET_WINDOW_SECONDS * 1000,
      anonymousMaxAhead: e.ANONYMOUS_MAX_QUEUE_AHEAD,
      ...(deployments.list.length > 0
        ? { deployments: deployments.list, defaultPriority: deployments.defaultPriority }
        : {}),
    },
    ocr: {
      maxPagesPerFile: e.OCR_MAX_PAGES_PER_FILE,
      maxSecondsPerJob: e.OCR_MAX_SECONDS_PER_JOB,
      confidenceFloor: e.OCR_CONFIDENCE_FLOOR,
      atUpload: e.OCR_AT_UPLOAD,
    },
    store,
    blobs,
    queue,
    model,
    mailer,
    payments,
    entra: e.ENTRA_CLIENT_ID
      ? {
          clientId: e.ENTRA_CLIENT_ID,
          apiScope: e.ENTRA_API_SCOPE,
          authority: e.ENTRA_AUTHORITY ?? 'https://login.microsoftonline.com/organizations',
          audience: e.ENTRA_API_AUDIENCE ?? defaultEntraAudience(e.ENTRA_CLIENT_ID, e.ENTRA_API_SCOPE),
          jwksUrl: e.ENTRA_JWKS_URL ?? 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
        }
      : undefined,
    secrets: { tfaKey },
    signing: {
      keys: e.SIGNING_KEY_VAULT_URL
        ? { kind: 'key-vault', vaultUrl: e.SIGNING_KEY_VAULT_URL }
        : { kind: 'local', directory: path.join(dataDir, 'signing') },
      caKeyName: e.SIGNING_CA_KEY_NAME ?? 'signing-ca',
      sealKeyName: 'signing-seal',
      caCertificateFile: e.SIGNING_CA_CERT_FILE ? path.resolve(e.SIGNING_CA_CERT_FILE) : undefined,
      caKeyFile: e.SIGNING_CA_KEY_FILE ? path.resolve(e.SIGNING_CA_KEY_FILE) : undefined,
      tsaUrl: e.SIGNING_TSA_URL,
    },
    telemetry: {
      connectionString: e.APPLICATIONINSIGHTS_CONNECTION_STRING,
      otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
      consoleSummary: e.OTEL_CONSOLE_SUMMARY,
    },
    health: { minFreeDiskBytes: e.HEALTH_MIN_FREE_DISK_MB * 1024 * 1024 },
  };
}

/**
 * The audience of a v2.0 access token is the API registration's application
 * (client) id. When the scope is written `api://<application id>/access_as_user`,
 * that id is the API's; otherwise the SPA and the API share one registration and
 * the client id is it. A custom App ID URI (`api://ratkaisu.example/...`) says
 * nothing about the id, so that case needs ENTRA_API_AUDIENCE.
 */
export function defaultEntraAudience(clientId: string, apiScope: string | undefined): string {
  const match = /^api:\/\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i.exec(apiScope ?? '');
  return match ? match[1]!.toLowerCase() : clientId;
}

const deploymentSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[\w.-]+$/, 'letters, digits, . _ - only'),
    endpoint: z.url().optional(),
    deployment: z.string().trim().min(1).optional(),
    apiVersion: z.string().trim().min(1).optional(),
    baseURL: z.url().optional(),
    model: z.string().trim().min(1).optional(),
    apiKeySetting: z
      .string()
      .trim()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'the name of another setting')
      .optional(),
    tpm: z.number().int().min(1_000).max(1_000_000_000),
    rpm: z.number().int().min(1).max(10_000_000),
    priority: z.number().int().min(0).max(100).default(1),
  })
  .strict()
  .refine((entry) => (entry.endpoint && entry.deployment) || (entry.baseURL && entry.model), {
    message: 'needs "endpoint" and "deployment" (Azure OpenAI) or "baseURL" and "model" (OpenAI-compatible)',
  })
  .refine((entry) => !(entry.endpoint && entry.baseURL), { message: 'give "endpoint" or "baseURL", not both' });

/**
 * MODEL_DEPLOYMENTS: a JSON array of further deployments beside the default one (AZURE_OPENAI_* or OPENAI_*,
 * MODEL_TPM, MODEL_RPM), e.g. `[{"name":"sweden","endpoint":"https://…","deployment":"gpt-4o","tpm":100000,
 * "rpm":600,"priority":1}]`. Keys are never in it: `apiKeySetting` names the setting that holds one (else
 * the default deployment's key setting, else managed identity). An entry `{"name":"default","priority":n}`
 * sets the default deployment's priority (0 unless given).
 */
function parseDeployments(
  raw: string | undefined,
  model: ModelConfig,
  env: Record<string, string | undefined>,
  common: { maxRetries: number; timeoutMs: number },
  problems: string[],
): { list: ModelDeploymentConfig[]; defaultPriority: number } {
  const none = { list: [], defaultPriority: 0 };
  if (!raw) return none;
  if (model.kind === 'offline') {
    problems.push('MODEL_DEPLOYMENTS: needs a default deployment (AZURE_OPENAI_ENDPOINT or OPENAI_BASE_URL) beside it');
    return none;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    problems.push('MODEL_DEPLOYMENTS: must be a JSON array of deployments (docs/SCALE.md "Several deployments")');
    return none;
  }
  const defaultOnly = z.object({ name: z.literal('default'), priority: z.number().int().min(0).max(100) }).strict();
  const parsed = z
    .array(z.union([defaultOnly, deploymentSchema]))
    .min(1)
    .max(16)
    .safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(
        `MODEL_DEPLOYMENTS${issue.path.map((part) => `[${JSON.stringify(part)}]`).join('')}: ${issue.message}`,
      );
    }
    return none;
  }
  let defaultPriority = 0;
  const list: ModelDeploymentConfig[] = [];
  const names = new Set<string>();
  for (const entry of parsed.data) {
    if (names.has(entry.name)) problems.push(`MODEL_DEPLOYMENTS: the name "${entry.name}" is given twice`);
    names.add(entry.name);
    if (!('tpm' in entry)) {
      defaultPriority = entry.priority;
      continue;
    }
    if (entry.name === 'default') {
      problems.push('MODEL_DEPLOYMENTS: "default" is the deployment of AZURE_OPENAI_* / OPENAI_*; name the others');
      continue;
    }
    const keySetting = entry.apiKeySetting;
    const apiKey = keySetting
      ? env[keySetting]?.trim() || undefined
      : entry.endpoint
        ? env.AZURE_OPENAI_API_KEY?.trim() || undefined
        : env.OPENAI_API_KEY?.trim() || undefined;
    if (keySetting && !apiKey) problems.push(`MODEL_DEPLOYMENTS["${entry.name}"]: the setting ${keySetting} is empty`);
    list.push({
      name: entry.name,
      model: entry.endpoint
        ? {
            kind: 'azure-openai',
            endpoint: entry.endpoint,
            deployment: entry.deployment!,
            apiVersion: entry.apiVersion ?? (model.kind === 'azure-openai' ? model.apiVersion : '2024-10-21'),
            ...(apiKey ? { apiKey } : {}),
            ...common,
          }
        : {
            kind: 'openai-compatible',
            baseURL: entry.baseURL!,
            model: entry.model!,
            ...(apiKey ? { apiKey } : {}),
            ...common,
          },
      tokensPerWindow: entry.tpm,
      requestsPerWindow: entry.rpm,
      priority: entry.priority,
    });
  }
  return { list, defaultPriority };
}
