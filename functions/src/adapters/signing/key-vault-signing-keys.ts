import { createHash, createPublicKey } from 'node:crypto';
import type { TokenCredential } from '@azure/identity';
import { CryptographyClient, KeyClient, type KeyVaultKey } from '@azure/keyvault-keys';
import type { SigningKeys } from '../../ports/signing-keys.js';

/**
 * Signing keys in Azure Key Vault (SIGNING_KEY_VAULT_URL): RSA 3072 keys that never leave the vault; the
 * vault signs SHA-256 digests (RS256). Keys the Bicep template declares (the CA's and the seal's) already
 * exist; an arbitrator's is created on first use. Key names allow letters, digits and dashes only.
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
        return keys.createRsaKey(vaultName, { keySize: 3072, keyOps: ['sign', 'verify'] });
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
      if (!jwk?.n || !jwk.e) throw new Error(`Key Vault key ${keyName(name)} is not an RSA key.`);
      const publicKey = createPublicKey({
        key: { kty: 'RSA', n: Buffer.from(jwk.n).toString('base64url'), e: Buffer.from(jwk.e).toString('base64url') },
        format: 'jwk',
      });
      return new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));
    },
    async sign(name, data) {
      const vaultKey = await key(name, false);
      const client = new CryptographyClient(vaultKey, options.credential);
      const digest = createHash('sha256').update(data).digest();
      return (await client.sign('RS256', digest)).result;
    },
  };
}

function keyName(name: string): string {
  return name.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 127);
}
