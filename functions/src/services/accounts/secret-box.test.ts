import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, SecretBoxError } from './secret-box.js';

describe('secret box', () => {
  const key = randomBytes(32);

  it('opens what it sealed', () => {
    const sealed = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(decryptSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('writes a versioned value that does not contain the plaintext', () => {
    const sealed = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(Buffer.from(sealed.split('.')[2]!, 'base64url').toString('utf8')).not.toContain('JBSWY3DP');
  });

  it('uses a fresh IV each time, so equal secrets seal differently', () => {
    const first = encryptSecret(key, 'same');
    const second = encryptSecret(key, 'same');
    expect(first).not.toBe(second);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
  });

  it('refuses another key', () => {
    const sealed = encryptSecret(key, 'secret');
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow(SecretBoxError);
  });

  it('refuses a tampered ciphertext, IV or tag', () => {
    const sealed = encryptSecret(key, 'a longer secret value');
    const parts = sealed.split('.');
    for (const index of [1, 2, 3]) {
      const bytes = Buffer.from(parts[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      const tampered = parts.map((part, i) => (i === index ? bytes.toString('base64url') : part)).join('.');
      expect(() => decryptSecret(key, tampered)).toThrow(SecretBoxError);
    }
  });

  it('refuses an unknown version or shape', () => {
    const sealed = encryptSecret(key, 'secret');
    expect(() => decryptSecret(key, sealed.replace(/^v1/, 'v9'))).toThrow(SecretBoxError);
    expect(() => decryptSecret(key, 'JBSWY3DPEHPK3PXP')).toThrow(SecretBoxError);
  });

  it('requires a 256-bit key', () => {
    expect(() => encryptSecret(randomBytes(16), 'secret')).toThrow('32 bytes');
  });
});
