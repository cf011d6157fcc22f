import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { tfaEncryptionKey } from './tfa-encryption-key.js';

describe('two-factor encryption key', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ratkaisu-tfa-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses TFA_ENCRYPTION_KEY when it is set', async () => {
    const key = randomBytes(32);
    const config = loadConfig({ DATA_DIR: dataDir(), TFA_ENCRYPTION_KEY: key.toString('base64') });
    expect((await tfaEncryptionKey(config)).equals(key)).toBe(true);
  });

  it('refuses a key that is not 32 bytes of base64, naming the setting', () => {
    expect(() => loadConfig({ TFA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(/TFA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ TFA_ENCRYPTION_KEY: 'not base64!' })).toThrow(ConfigError);
  });

  it('is required in production', () => {
    expect(() => loadConfig({ RATKAISU_ENV: 'production' })).toThrow(/TFA_ENCRYPTION_KEY: required in production/);
  });

  it('locally generates a key once, keeps it in DATA_DIR/secrets with owner-only access', async () => {
    const dir = dataDir();
    const config = loadConfig({ RATKAISU_ENV: 'local', DATA_DIR: dir });
    const [first, concurrent] = await Promise.all([tfaEncryptionKey(config), tfaEncryptionKey(config)]);
    expect(first).toHaveLength(32);
    expect(concurrent.equals(first)).toBe(true);
    const file = path.join(dir, 'secrets', 'tfa.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
  });
});
