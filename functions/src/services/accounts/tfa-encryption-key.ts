import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';

const KEY_BYTES = 32;
const pending = new Map<string, Promise<Buffer>>();

/**
 * The key that seals two-factor secrets at rest: TFA_ENCRYPTION_KEY when set.
 * Without it (allowed only for the local and test environments; config.ts makes
 * it a start-up error in production) the local stack generates a random key
 * once and keeps it in DATA_DIR/secrets/tfa.key, readable by the owner only,
 * so secrets stay readable across restarts of the same data directory.
 */
export function tfaEncryptionKey(config: Pick<Config, 'environment' | 'dataDir' | 'secrets'>): Promise<Buffer> {
  if (config.secrets.tfaKey) return Promise.resolve(config.secrets.tfaKey);
  if (config.environment === 'production') {
    return Promise.reject(new Error('TFA_ENCRYPTION_KEY: required in production'));
  }
  return localSecretKey(path.join(config.dataDir, 'secrets', 'tfa.key'));
}

/**
 * A random 32-byte key kept in `file` (base64, owner-only), made on first use: the local stand-in for a key
 * from the environment or Key Vault (two-factor secrets here; signing keys in adapters/signing).
 */
export function localSecretKey(file: string): Promise<Buffer> {
  let key = pending.get(file);
  if (!key) {
    key = loadOrCreateKeyFile(file);
    pending.set(file, key);
    // A failure (e.g. a read-only directory) must not stick: the next call tries again.
    key.catch(() => pending.delete(file));
  }
  return key;
}

async function loadOrCreateKeyFile(file: string): Promise<Buffer> {
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  // Written in full under a private name, then hard-linked into place: link fails when another
  // process got there first, so nobody ever reads a half-written key and nobody overwrites one.
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, key.toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
    await link(temporary, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeyFile(file);
    if (!winner) throw new Error(`${file}: not a valid key`, { cause: error });
    return winner;
  } finally {
    await rm(temporary, { force: true });
  }
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file}: not a valid key`);
  return key;
}
