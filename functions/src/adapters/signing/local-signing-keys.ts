import { createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateSigningKeyPair } from '../../pdf/pades/signing-key-pairs.js';
import type { SigningKeys } from '../../ports/signing-keys.js';

/** Encryption at rest for the private keys. */
export interface SecretBox {
  seal(plaintext: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

export interface LocalSigningKeysOptions {
  /** DATA_DIR/signing: one file per key, its PKCS #8 sealed by `box` (AES-256-GCM: services/accounts/secret-box.ts). */
  directory: string;
  box: SecretBox;
  /** Keys supplied from outside (an organisation's own CA key, PEM PKCS #8), by name: never generated here. */
  provided?: Record<string, string>;
}

/**
 * Signing keys on the local disk: each key pair (ECDSA P-256) is generated on first use and written once (a second
 * process racing to create the same key reads the winner's), its private half encrypted at rest.
 */
export function createLocalSigningKeys(options: LocalSigningKeysOptions): SigningKeys {
  const pending = new Map<string, Promise<Uint8Array>>();

  async function privateKey(name: string, create: boolean): Promise<Uint8Array> {
    const given = options.provided?.[name];
    if (given) {
      const key = createPrivateKey(given).export({ type: 'pkcs8', format: 'der' });
      return new Uint8Array(key);
    }
    const file = path.join(options.directory, `${fileName(name)}.key`);
    const existing = await readSealed(file, options.box);
    if (!existing && (await exists(`${file}.destroyed`))) throw new Error(`The signing key ${name} was destroyed.`);
    if (existing || !create) {
      if (!existing) throw new Error(`No signing key ${name}.`);
      return existing;
    }
    let creating = pending.get(file);
    if (!creating) {
      creating = createKeyFile(file, options.box).finally(() => pending.delete(file));
      pending.set(file, creating);
    }
    return creating;
  }

  return {
    kind: 'local',
    async publicKey(name) {
      const key = createPublicKey(
        createPrivateKey({ key: Buffer.from(await privateKey(name, true)), format: 'der', type: 'pkcs8' }),
      );
      return new Uint8Array(key.export({ type: 'spki', format: 'der' }));
    },
    async sign(name, data) {
      const key = createPrivateKey({ key: Buffer.from(await privateKey(name, false)), format: 'der', type: 'pkcs8' });
      return new Uint8Array(sign('sha256', data, key));
    },
    async destroy(name) {
      if (options.provided?.[name])
        throw new Error(`The signing key ${name} is provided from outside and is not ours to destroy.`);
      const file = path.join(options.directory, `${fileName(name)}.key`);
      // A tombstone first, so no racing publicKey() creates the key again, then the sealed key itself.
      await mkdir(options.directory, { recursive: true, mode: 0o700 });
      await writeFile(`${file}.destroyed`, new Date().toISOString() + '\n', { mode: 0o600 });
      try {
        await rm(file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await readFile(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

function fileName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}

async function readSealed(file: string, box: SecretBox): Promise<Uint8Array | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return new Uint8Array(Buffer.from(await box.open(text.trim()), 'base64'));
}

/** Written in full under a private name, then linked into place: link fails when another process won. */
async function createKeyFile(file: string, box: SecretBox): Promise<Uint8Array> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = await generateSigningKeyPair();
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, (await box.seal(Buffer.from(privateKey).toString('base64'))) + '\n', {
      flag: 'wx',
      mode: 0o600,
    });
    await link(temporary, file);
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readSealed(file, box);
    if (!winner) throw new Error(`${file}: not a signing key`, { cause: error });
    return winner;
  } finally {
    await rm(temporary, { force: true });
  }
}
