import type { FaultPort } from './adapters/faults/fault-plan.js';
import { injectFaults } from './adapters/faults/inject-faults.js';
import type { FaultSwitch } from './adapters/faults/fault-switch.js';
import { createAzureBlobs } from './adapters/blobs/azure-blobs.js';
import { createAcsMailer } from './adapters/mail/acs-mailer.js';
import { createStripePayments } from './adapters/payments/stripe-payments.js';
import { createTestPayments } from './adapters/payments/test-payments.js';
import { createOutboxMailer } from './adapters/mail/outbox-mailer.js';
import { createSmtpMailer } from './adapters/mail/smtp-mailer.js';
import { createOfflineModel } from './adapters/model/offline-model.js';
import { createOpenAiModel } from './adapters/model/openai-model.js';
import { DefaultAzureCredential } from '@azure/identity';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createKeyVaultSigningKeys } from './adapters/signing/key-vault-signing-keys.js';
import { createLocalSigningKeys } from './adapters/signing/local-signing-keys.js';
import { decryptSecret, encryptSecret } from './services/accounts/secret-box.js';
import { localSecretKey } from './services/accounts/tfa-encryption-key.js';
import type { SigningKeys } from './ports/signing-keys.js';
import { DEFAULT_DEPLOYMENT } from './services/model-budget/budget-store.js';
import { budgetInForce } from './services/model-budget/describe-capacity.js';
import { meteredModel } from './services/model-budget/metered-model.js';
import { createInProcessQueue } from './adapters/queue/in-process-queue.js';
import { createServiceBusQueue } from './adapters/queue/service-bus-queue.js';
import { createCosmosStore } from './adapters/store/cosmos-store.js';
import { createSqliteStore } from './adapters/store/sqlite-store.js';
import type { Config } from './config.js';
import { logDeadLetteredOcr, OCR_QUEUE } from './services/documents/ocr-uploads.js';
import type { Deps } from './deps.js';
import { createLogger, type Logger } from './log.js';
import type { Blobs } from './ports/blobs.js';
import { systemClock, type Clock } from './ports/clock.js';
import type { Mailer } from './ports/mailer.js';
import type { PaymentProvider } from './ports/payments.js';
import type { Model } from './ports/model.js';
import type { Queue } from './ports/queue.js';
import type { Store } from './ports/store.js';
import { tracedMailer, tracedModel, tracedQueue } from './observability/traced-ports.js';
import { measure } from './observability/meters.js';

export interface CompositionOptions {
  clock?: Clock;
  log?: Logger;
  /**
   * Where the local host's own Azurite listens. With Azurite as the blob
   * adapter and no connection string here, the default `UseDevelopmentStorage`
   * endpoint on AZURITE_BLOB_PORT is used (an Azurite someone else runs, as
   * under `func start`).
   */
  azuriteConnectionString?: string;
  /**
   * Local and test runs only: a fault plan that can change while the process runs (the local host's control
   * channel, local/control-channel.ts); it replaces `config.faults`, which it starts with.
   */
  faultSwitch?: FaultSwitch;
  /** Tests only: see Deps.stepProbe. */
  stepProbe?: (step: string) => void;
  /** Tests only: where the Stripe adapter finds the Stripe API (a loopback fake); api.stripe.com otherwise. */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * The one place where adapters are chosen from configuration (docs/architecture.md
 * rule 3). Services receive the result and never ask which adapter they got.
 */
export async function createDeps(config: Config, options: CompositionOptions = {}): Promise<Deps> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger({ level: config.logLevel });
  const store = await createStore(config, clock);
  try {
    const blobs = createBlobs(config, clock, options.azuriteConnectionString);
    await blobs.init();
    // Traced decorators (observability/traced-ports.ts): spans cost nothing until a provider records them.
    const queue = tracedQueue(createQueue(config, store, clock, log));
    const model = createModel(config, { store, log });
    const mailer = tracedMailer(createMailer(config, clock));
    // Local and test runs only (config refuses FAULTS in production): docs/settings.md "FAULTS".
    if (options.faultSwitch && config.environment === 'production') {
      throw new Error('Faults cannot be switched on in production.');
    }
    const plan = options.faultSwitch ?? config.faults;
    const faulty = <P extends object>(port: P, name: FaultPort): P => injectFaults(port, name, plan);
    return {
      config,
      store: faulty(store, 'store'),
      blobs: faulty(blobs, 'blobs'),
      queue: faulty(queue, 'queue'),
      model: faulty(model, 'model'),
      mailer: faulty(mailer, 'mail'),
      payments: createPayments(config, store, options.stripeApi),
      signingKeys: createSigningKeys(config),
      clock,
      log,
      ...(options.stepProbe ? { stepProbe: options.stepProbe } : {}),
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** Closes what createDeps opened, queue first so no worker writes to a closed store. */
export async function closeDeps(deps: Deps): Promise<void> {
  await deps.queue.close();
  await deps.store.close();
}

/** The configured store alone (npm run eval -- --publish writes one record and needs nothing else). */
export async function createStore(config: Config, clock: Clock): Promise<Store> {
  if (config.store.kind === 'cosmos') {
    return createCosmosStore({ ...config.store, clock });
  }
  return createSqliteStore({ file: config.store.file, clock });
}

function createBlobs(config: Config, clock: Clock, azuriteConnectionString: string | undefined): Blobs {
  const writeOnce = { writeOnceRetentionDays: config.writeOnceRetentionDays, clock };
  if (config.blobs.kind === 'azure-blob') {
    return createAzureBlobs({
      kind: 'azure-blob',
      connectionString: config.blobs.connectionString,
      accountUrl: config.blobs.accountUrl,
      ...writeOnce,
    });
  }
  return createAzureBlobs({
    kind: 'azurite',
    connectionString: azuriteConnectionString ?? developmentStorageConnectionString(config.blobs.port),
    ...writeOnce,
  });
}

/** Azurite's well-known development account; not a secret. */
export function developmentStorageConnectionString(port: number): string {
  return (
    'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;' +
    'AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;' +
    `BlobEndpoint=http://127.0.0.1:${port}/devstoreaccount1;`
  );
}

function createQueue(config: Config, store: Store, clock: Clock, log: Logger): Queue {
  if (config.queue.kind === 'service-bus') {
    return createServiceBusQueue({
      connectionString: config.queue.connectionString,
      fullyQualifiedNamespace: config.queue.fullyQualifiedNamespace,
    });
  }
  return createInProcessQueue(store, {
    clock,
    // Service Bus hands its dead letters to index.ts; here the queue reports them itself, for the log
    // (an upload's OCR has no job to fail: this line is all there is to do).
    onDeadLetter: (queue, messageId, lastError) => {
      if (queue === OCR_QUEUE)
        logDeadLetteredOcr({ log }, { messageId, reason: 'MaxDeliveryCountExceeded', description: lastError });
      else log.error('A queue message was dead-lettered', { queue, messageId, lastError });
      measure.deadLetter(queue);
    },
  });
}

/** A remote model's calls are metered against the deployment's shared budget (services/model-budget). */
function createModel(config: Config, shared: { store: Store; log: Logger }): Model {
  if (config.model.kind === 'offline') return tracedModel(createOfflineModel(), 'offline');
  // One adapter per deployment: the default one (AZURE_OPENAI_* / OPENAI_*) and those of MODEL_DEPLOYMENTS.
  const models = new Map<string, Model>([
    [DEFAULT_DEPLOYMENT, tracedModel(createOpenAiModel(config.model), DEFAULT_DEPLOYMENT)],
  ]);
  for (const deployment of config.modelBudget.deployments ?? []) {
    models.set(deployment.name, tracedModel(createOpenAiModel(deployment.model), deployment.name));
  }
  shared.log.info('The model budget in force', budgetInForce({ config }));
  return meteredModel(models, { config, ...shared });
}

function createSigningKeys(config: Config): SigningKeys {
  const { signing } = config;
  if (signing.keys.kind === 'key-vault') {
    return createKeyVaultSigningKeys({ vaultUrl: signing.keys.vaultUrl, credential: new DefaultAzureCredential() });
  }
  const boxKey = () => localSecretKey(path.join(config.dataDir, 'secrets', 'signing.key'));
  return createLocalSigningKeys({
    directory: signing.keys.directory,
    box: {
      seal: async (plaintext) => encryptSecret(await boxKey(), plaintext),
      open: async (sealed) => decryptSecret(await boxKey(), sealed),
    },
    // An organisation's own CA key, read once at start: a wrong path stops the start, not the first signature.
    ...(signing.caKeyFile ? { provided: { [signing.caKeyName]: readFileSync(signing.caKeyFile, 'utf8') } } : {}),
  });
}

/** Stripe Checkout when its keys are set; otherwise the built-in test provider, so `npm start` needs no keys. */
function createPayments(config: Config, store: Store, stripeApi?: CompositionOptions['stripeApi']): PaymentProvider {
  if (config.payments.kind === 'stripe') {
    if (stripeApi && config.environment === 'production') throw new Error('The Stripe API is fixed in production.');
    return createStripePayments({
      secretKey: config.payments.secretKey,
      webhookSecret: config.payments.webhookSecret,
      ...(stripeApi ? { api: stripeApi } : {}),
    });
  }
  return createTestPayments({ baseUrl: config.publicUrl, store });
}

function createMailer(config: Config, clock: Clock): Mailer {
  switch (config.mailer.kind) {
    case 'smtp':
      return createSmtpMailer(config.mailer);
    case 'azure-communication':
      return createAcsMailer(config.mailer);
    case 'outbox':
      return createOutboxMailer({ directory: config.mailer.directory, from: config.mailer.from, clock });
  }
}
