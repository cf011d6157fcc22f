import { BlobServiceClient } from '@azure/storage-blob';
import { startAzurite, type RunningAzurite } from '../../../functions/src/local/azurite.js';

/**
 * One in-memory Azurite per test worker, shared by the API files' hosts, each host on a storage account of its
 * own: a host sees only its account's containers, as it saw only its own emulator before, and its account's
 * containers are deleted when it stops. Starting Azurite was most of a test host's start (about 1.3 s of CPU
 * and several seconds of wall time on a busy machine, once per host: docs/benchmarks.md "The test suite").
 *
 * The emulator starts with the first host that asks and stops with the worker (its orphan guard,
 * functions/src/local/azurite.ts). Accounts are not reused; past the last one a host starts its own Azurite.
 */

/** More accounts than one worker's api files start hosts (about 90 in the whole project). */
const ACCOUNTS = Array.from({ length: 400 }, (_, index) => `testhost${String(index + 1).padStart(3, '0')}`);

let emulator: Promise<RunningAzurite> | undefined;
let next = 0;

export interface AzuriteAccount {
  connectionString: string;
  /** Deletes the account's containers (the host that used it has stopped). */
  release(): Promise<void>;
}

/** An unused account of the worker's shared Azurite, or undefined when none is left. */
export async function leaseAzuriteAccount(): Promise<AzuriteAccount | undefined> {
  const account = ACCOUNTS[next];
  if (account === undefined) return undefined;
  next += 1;
  emulator ??= startAzurite({ port: 0, accounts: ACCOUNTS }).catch((error: unknown) => {
    emulator = undefined;
    throw error;
  });
  const connectionString = (await emulator).connectionStringFor(account);
  return {
    connectionString,
    release: async () => {
      const service = BlobServiceClient.fromConnectionString(connectionString);
      for await (const container of service.listContainers()) {
        await service.deleteContainer(container.name).catch(() => undefined);
      }
    },
  };
}
