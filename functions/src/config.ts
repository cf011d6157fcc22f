import { z } from 'zod';
import { accountSettings, readAccounts, type AccountsConfig } from './config/accounts.js';
import { blobSettings, readBlobs, type BlobsConfig } from './config/blobs.js';
import { hostSettings, readHost, type HostConfig } from './config/host.js';
import { mailSettings, readMailer, type MailerConfig } from './config/mail.js';
import {
  modelSettings,
  readModel,
  type GenerationConfig,
  type ModelBudgetConfig,
  type ModelConfig,
} from './config/model.js';
import { observabilitySettings, readObservability, type ObservabilityConfig } from './config/observability.js';
import { ocrSettings, readOcr, type OcrConfig } from './config/ocr.js';
import { paymentSettings, readPayments, type PaymentsConfig } from './config/payments.js';
import { queueSettings, readQueue, type QueueConfig } from './config/queue.js';
import { readSigning, signingSettings, type SigningConfig } from './config/signing.js';
import { readStore, storeSettings, type StoreConfig } from './config/store.js';

/**
 * The whole configuration, read from the environment once at start-up
 * (docs/architecture.md rule 8). Which adapter serves each port follows from which
 * settings are present; with none, the embedded local defaults are used.
 * docs/settings.md lists every setting with its default. Each concern's settings,
 * its part of the configuration and its checks are in config/; loadConfig composes them.
 */

export { defaultEntraAudience, type PasswordHashCost } from './config/accounts.js';
export type { BlobsConfig } from './config/blobs.js';
export type { MailerConfig } from './config/mail.js';
export type { GenerationConfig, ModelBudgetConfig, ModelConfig, ModelDeploymentConfig } from './config/model.js';
export { DEFAULT_OCR_CONFIG, type OcrConfig } from './config/ocr.js';
export type { PaymentsConfig } from './config/payments.js';
export type { QueueConfig } from './config/queue.js';
export type { SigningConfig } from './config/signing.js';
export type { StoreConfig } from './config/store.js';

const envSchema = z.object({
  ...hostSettings,
  ...accountSettings,
  ...storeSettings,
  ...blobSettings,
  ...queueSettings,
  ...modelSettings,
  ...ocrSettings,
  ...mailSettings,
  ...paymentSettings,
  ...signingSettings,
  ...observabilitySettings,
});

export type Environment = z.input<typeof envSchema>;

/** Every setting name this file reads (infra/ and docs/settings.md must not name any other). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export interface Config extends HostConfig, AccountsConfig, ObservabilityConfig {
  /** Days a blob in a write-once container is kept (ports/blobs.ts WRITE_ONCE_CONTAINERS). */
  writeOnceRetentionDays: number;
  /** The decision pipeline's view of the model deployment. */
  generation: GenerationConfig;
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
  payments: PaymentsConfig;
  /** PDF signatures: where the keys are, an organisation's own CA, the timestamp authority (docs/signing.md). */
  signing: SigningConfig;
}

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
  const host = readHost(e, problems);
  const config: Config = {
    ...host,
    ...readAccounts(e, host.environment, problems),
    writeOnceRetentionDays: e.WRITE_ONCE_RETENTION_DAYS,
    payments: readPayments(e, problems),
    store: readStore(e, host.dataDir, problems),
    blobs: readBlobs(e, host.dataDir),
    queue: readQueue(e),
    ...readModel(e, env, problems),
    ocr: readOcr(e),
    mailer: readMailer(e, host.dataDir),
    signing: readSigning(e, host.dataDir, problems),
    ...readObservability(e),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
