import type { Config } from './config.js';
import type { Logger } from './log.js';
import type { Blobs } from './ports/blobs.js';
import type { Clock } from './ports/clock.js';
import type { Mailer } from './ports/mailer.js';
import type { Model } from './ports/model.js';
import type { PaymentProvider } from './ports/payments.js';
import type { Queue } from './ports/queue.js';
import type { SigningKeys } from './ports/signing-keys.js';
import type { Store } from './ports/store.js';

/** Everything a service may use, chosen once in the composition root (docs/architecture.md rule 3). */
export interface Deps {
  config: Config;
  store: Store;
  blobs: Blobs;
  queue: Queue;
  model: Model;
  mailer: Mailer;
  payments: PaymentProvider;
  signingKeys: SigningKeys;
  clock: Clock;
  log: Logger;
  /**
   * Tests only: called with the name of each durable step as it completes (services/outbox/durable-step.ts); a
   * throw there stops the work exactly as a crash at that point would, for the sweeps to finish.
   */
  stepProbe?: (step: string) => void;
}
