import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../functions/src/config.js';
import { startLocalHost, type LocalHost, type LocalHostOptions } from '../../../functions/src/local/host.js';
import { silentLogger } from '../../../functions/src/log.js';
import { leaseAzuriteAccount } from './shared-azurite.js';

export interface TestHost extends LocalHost {
  dataDir: string;
  /** fetch against the host with a path. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * Starts the real local host on a free port with a fresh data directory and an
 * in-memory Azurite, as `npm start` would, but quiet. With `DATA_DIR` in `env`,
 * on that directory instead (a host started again after another one's crash).
 * The Azurite is an account of its own on the worker's shared emulator (shared-azurite.ts), unless the host
 * keeps its blobs on disk (`azuriteInMemory: false`) or is given other Blob Storage.
 */
export async function startTestHost(
  env: Record<string, string> = {},
  options: LocalHostOptions = {},
): Promise<TestHost> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'ratkaisu-api-'));
  const config = loadConfig({
    RATKAISU_ENV: 'test',
    PORT: '0',
    AZURITE_BLOB_PORT: '0',
    DATA_DIR: dataDir,
    // Each test file registers many users from 127.0.0.1; account.test.ts tests the limit with its own host.
    ACCOUNT_REQUESTS_PER_HOUR: '100000',
    // Reading every upload ahead (text and OCR in the background) would cost each test file CPU it does not
    // need and race its counts of blob reads; claims.test.ts turns it on where it shows it.
    OCR_AT_UPLOAD: 'false',
    // The fake model has no quota: the model budget (services/model-budget) paces only the tests that set one.
    MODEL_TPM: '1000000000',
    MODEL_RPM: '10000000',
    // Argon2id at a light cost: every file registers and signs in many accounts (host.test.ts checks OWASP's).
    PASSWORD_HASH_COST: 'test',
    ...env,
  });
  const account =
    config.blobs.kind === 'azurite' && options.azuriteInMemory !== false && !options.runningAzurite
      ? await leaseAzuriteAccount()
      : undefined;
  const host = await startLocalHost(config, {
    log: silentLogger,
    keepAliveTimeoutMs: 60_000,
    ...(account ? { runningAzurite: account } : {}),
    ...options,
  }).catch(async (error: unknown) => {
    await account?.release();
    throw error;
  });
  const base = `http://127.0.0.1:${host.port}`;
  return {
    ...host,
    dataDir,
    fetch: (pathname, init) => fetch(base + pathname, init),
    stop: async () => {
      await host.close();
      await account?.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
