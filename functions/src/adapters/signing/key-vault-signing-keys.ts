import { createHash, createPublicKey } from 'node:crypto';
import type { TokenCredential } from '@azure/identity';
import { CryptographyClient, KeyClient, type KeyVaultKey } from '@azure/keyvault-keys';
import type { SigningKeys } from '../../ports/signing-keys.js';

/**
 * Signing keys in Azure Key Vault (SIGNING_KEY_VAULT_URL): keys that never leave the vault — EC P-256 (ES256)
 * as Bicep declares them and as an arbitrator's is created on first use, or RSA (RS256) for an
 * organisation's own CA key; the vault signs SHA-256 digests. Key names allow letters, digits and dashes.
 * The Function App's identity needs "Key Vault Crypto Officer" on the vault (infra/modules/roles.bicep).
 */
export function createKeyVaultSigningKeys(options: { vaultUrl: string; credential: TokenCredential }): SigningKeys {
  const keys = new KeyClient(options.vaultUrl, options.credential);
  const found = new Map<string, Promise<KeyVaultKey>>();

  function key(name: string, create: boolean): Promise<KeyVaultKey> {
    const vaultName = keyName(name);
    let pending = found.get(vaultName);
    if (!pending) {
      pending = keys.getKey(vaultName).catch(async (error: unknown) => {
        if ((error as { statusCode?: number }).statusCode !== 404 || !create) throw error;
        return keys.createEcKey(vaultName, { curve: 'P-256', keyOps: ['sign', 'verify'] });
      });
      pending.catch(() => found.delete(vaultName));
      found.set(vaultName, pending);
    }
    return pending;
  }

  return {
    kind: 'key-vault',
    async publicKey(name) {
      const { key: jwk } = await key(name, true);
      const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
      let publicKey;
      if (jwk?.x && jwk.y) {
        publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(jwk.x), y: b64(jwk.y) }, format: 'jwk' });
      } else if (jwk?.n && jwk.e) {
        publicKey = createPublicKey({ key: { kty: 'RSA', n: b64(jwk.n), e: b64(jwk.e) }, format: 'jwk' });
      } else {
        throw new Error(`Key Vault key ${keyName(name)} is neither an EC nor an RSA key.`);
      }
      return new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
    },
    async sign(name, data) {
      const vaultKey = await key(name, false);
      const client = new CryptographyClient(vaultKey, options.credential);
      const digest = createHash('sha256').update(data).digest();
      const ec = vaultKey.keyType === 'EC' || vaultKey.keyType === 'EC-HSM';
      const { result } = await client.sign(ec ? 'ES256' : 'RS256', digest);
      // Key Vault answers ECDSA as r || s (IEEE P1363); CMS and X.509 carry it as a DER SEQUENCE of two INTEGERs.
      return ec ? ecdsaToDer(result) : result;
    },
    async destroy(name) {
      // Deleted, then purged where the vault allows it; under purge protection the deleted key waits out the
      // vault's retention unusable (a deleted key cannot sign, and its name cannot be created again meanwhile).
      const vaultName = keyName(name);
      found.delete(vaultName);
      try {
        const poller = await keys.beginDeleteKey(vaultName);
        await poller.pollUntilDone();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return false;
        throw error;
      }
      await keys.purgeDeletedKey(vaultName).catch(() => undefined);
      return true;
    },
  };
}

function keyName(name: string): string {
  return name.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 127);
}

/** r || s (32 bytes each) as DER: SEQUENCE { INTEGER r, INTEGER s }. */
export function ecdsaToDer(signature: Uint8Array): Uint8Array {
  const half = signature.length / 2;
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.subarray(start);
    const body = trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : Buffer.from(trimmed);
    return Buffer.concat([Buffer.from([0x02, body.length]), body]);
  };
  const content = Buffer.concat([integer(signature.subarray(0, half)), integer(signature.subarray(half))]);
  return new Uint8Array(Buffer.concat([Buffer.from([0x30, content.length]), content]));
}
