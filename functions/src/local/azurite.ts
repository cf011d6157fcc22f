import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * Starts Azurite's blob service as a child process: the local stack's Blob Storage
 * (docs/architecture.md, "The local stack"). Only the local host and the tests use this;
 * `azurite` is a development dependency and is resolved when called, not on import.
 */

export interface AzuriteOptions {
  /** Port on 127.0.0.1; 0 picks a free one. Default 10000. */
  port?: number;
  /** Data directory (created when missing); omit to keep everything in memory. */
  location?: string;
  /** Quiet (the default): Azurite's access log and output are not shown. */
  silent?: boolean;
  /**
   * Storage accounts besides the development account, each with the development key: one emulator serves
   * several hosts, each on an account of its own and blind to the others' containers (the API tests share one
   * per test worker, tests/api/support/shared-azurite.ts). Names: 3–24 lowercase letters and digits.
   */
  accounts?: readonly string[];
}

export interface RunningAzurite {
  connectionString: string;
  blobEndpoint: string;
  port: number;
  /** The connection string of one of the `accounts` it was started with (or of the development account). */
  connectionStringFor(account: string): string;
  /** Shuts Azurite down (SIGTERM, then SIGKILL if it lingers) and waits for it to exit. */
  stop(): Promise<void>;
}

/** The emulator's fixed, public development account (documented by Microsoft; not a secret). */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_ACCOUNT_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * Preloaded into the child: when the IPC channel to the parent closes (the parent
 * exited, crashed or was killed, even with SIGKILL), Azurite is told to shut down
 * through its own SIGTERM handler, so it never outlives the parent.
 */
// The channel is unref'd so that it alone does not keep Azurite running once it has closed.
const ORPHAN_GUARD = `process.once('disconnect', () => process.kill(process.pid, 'SIGTERM')); process.channel?.unref();`;

export async function startAzurite(options: AzuriteOptions = {}): Promise<RunningAzurite> {
  const requestedPort = options.port ?? 10000;
  const silent = options.silent ?? true;
  if (requestedPort !== 0) await assertPortFree(requestedPort);
  if (options.location) await mkdir(options.location, { recursive: true });

  const args = [
    '--import',
    `data:text/javascript,${encodeURIComponent(ORPHAN_GUARD)}`,
    await azuriteBlobBin(),
    '--blobHost',
    HOST,
    '--blobPort',
    String(requestedPort),
    '--skipApiVersionCheck',
    '--loose',
    '--disableTelemetry',
    ...(options.location ? ['--location', path.resolve(options.location)] : ['--inMemoryPersistence']),
    ...(silent ? ['--silent'] : []),
  ];
  const accounts = [AZURITE_ACCOUNT, ...(options.accounts ?? [])];
  const badName = accounts.find((name) => !/^[a-z0-9]{3,24}$/.test(name));
  if (badName) throw new Error(`Azurite account names are 3-24 lowercase letters and digits: ${badName}`);
  const child = spawn(process.execPath, args, {
    // Azurite reads its accounts from AZURITE_ACCOUNTS (account:key;…), which replaces the development account.
    ...(options.accounts?.length
      ? {
          env: {
            ...process.env,
            AZURITE_ACCOUNTS: accounts.map((name) => `${name}:${AZURITE_ACCOUNT_KEY}`).join(';'),
          },
        }
      : {}),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Azurite writes nothing to its working directory in these modes, but keep it predictable.
    cwd: options.location ? path.resolve(options.location) : process.cwd(),
    windowsHide: true,
  });

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Belt and braces to the orphan guard, for a normal exit of the parent.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);

  let port: number;
  try {
    port = await waitUntilListening(child, requestedPort, silent);
  } catch (error) {
    process.removeListener('exit', killOnExit);
    await terminate(child, exited);
    throw error;
  }

  // The running child must not keep the parent's event loop alive on its own.
  child.unref();
  child.channel?.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as { unref?: () => void } | null)?.unref?.();

  const endpointOf = (account: string) => `http://${HOST}:${port}/${account}`;
  const connectionStringFor = (account: string) => {
    if (!accounts.includes(account)) throw new Error(`This Azurite was not started with the account ${account}.`);
    return (
      `DefaultEndpointsProtocol=http;AccountName=${account};AccountKey=${AZURITE_ACCOUNT_KEY};` +
      `BlobEndpoint=${endpointOf(account)};`
    );
  };
  let stopping: Promise<void> | undefined;
  return {
    port,
    blobEndpoint: endpointOf(AZURITE_ACCOUNT),
    connectionString: connectionStringFor(AZURITE_ACCOUNT),
    connectionStringFor,
    stop() {
      stopping ??= (async () => {
        process.removeListener('exit', killOnExit);
        await terminate(child, exited);
      })();
      return stopping;
    },
  };
}

/** Path of the `azurite-blob` bin of the installed `azurite` package. */
async function azuriteBlobBin(): Promise<string> {
  const require = createRequire(import.meta.url);
  let manifestPath: string;
  try {
    manifestPath = require.resolve('azurite/package.json');
  } catch {
    throw new Error('The azurite package is not installed; run npm install in the repository root.');
  }
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { bin?: Record<string, string> };
  const bin = manifest.bin?.['azurite-blob'];
  if (!bin) throw new Error(`The azurite package at ${path.dirname(manifestPath)} has no azurite-blob bin.`);
  return path.join(path.dirname(manifestPath), bin);
}

function portInUseError(port: number): Error {
  return new Error(
    `Azurite cannot listen on ${HOST}:${port} because the port is already in use. ` +
      'Stop the program using it, or set AZURITE_BLOB_PORT to another port (0 picks a free one).',
  );
}

/** Fails with a clear message when something already listens on the port. */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? portInUseError(port) : error),
    );
    probe.listen({ port, host: HOST, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Resolves with the port once Azurite reports that it listens; rejects if it exits or stalls first. */
function waitUntilListening(child: ChildProcess, requestedPort: number, silent: boolean): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let output = '';
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (!silent) process.stdout.write(text.replace(/^(?=.)/gm, '[azurite] '));
      if (settled) return;
      output += text;
      const match = /successfully listens on https?:\/\/[^\s:]+:(\d+)/.exec(output);
      if (match?.[1]) settle(() => resolve(Number(match[1])));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) => settle(() => reject(new Error(`Azurite could not be started: ${error.message}`))));
    child.once('exit', (code, signal) =>
      settle(() =>
        reject(
          /EADDRINUSE/.test(output)
            ? portInUseError(requestedPort)
            : new Error(`Azurite exited before it was ready (${signal ?? `code ${code}`}):\n${output.trim()}`),
        ),
      ),
    );
    const timer = setTimeout(
      () => settle(() => reject(new Error(`Azurite did not start within ${READY_TIMEOUT_MS} ms:\n${output.trim()}`))),
      READY_TIMEOUT_MS,
    );
  });
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
}
