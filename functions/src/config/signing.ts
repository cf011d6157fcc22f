import path from 'node:path';
import { optionalText, optionalUrl, type Settings } from './setting-parsers.js';

export const signingSettings = {
  // PDF signatures (docs/signing.md): keys in this Key Vault; unset, encrypted under DATA_DIR/signing.
  SIGNING_KEY_VAULT_URL: optionalUrl,
  // An organisation's own signing CA instead of the one made at first start: its certificate (PEM file),
  // and its key as a PEM PKCS #8 file (local keys) or the name of a Key Vault key.
  SIGNING_CA_CERT_FILE: optionalText,
  SIGNING_CA_KEY_FILE: optionalText,
  SIGNING_CA_KEY_NAME: optionalText,
  // An RFC 3161 timestamp authority: each signature gets a signature time-stamp (PAdES-B-T).
  SIGNING_TSA_URL: optionalUrl,
};

export interface SigningConfig {
  keys: { kind: 'local'; directory: string } | { kind: 'key-vault'; vaultUrl: string };
  /** The key names of the signing CA and of the service's seal. */
  caKeyName: string;
  sealKeyName: string;
  /** An organisation's CA: its certificate's PEM file, and (local keys) its PEM PKCS #8 key file. */
  caCertificateFile: string | undefined;
  caKeyFile: string | undefined;
  tsaUrl: string | undefined;
}

export function readSigning(e: Settings<typeof signingSettings>, dataDir: string, problems: string[]): SigningConfig {
  if (e.SIGNING_CA_CERT_FILE && !e.SIGNING_CA_KEY_FILE && !e.SIGNING_CA_KEY_NAME) {
    problems.push(
      'SIGNING_CA_CERT_FILE: needs the CA key too (SIGNING_CA_KEY_FILE, or SIGNING_CA_KEY_NAME in Key Vault)',
    );
  }
  if ((e.SIGNING_CA_KEY_FILE || e.SIGNING_CA_KEY_NAME) && !e.SIGNING_CA_CERT_FILE) {
    problems.push(
      'SIGNING_CA_CERT_FILE: required with SIGNING_CA_KEY_FILE or SIGNING_CA_KEY_NAME (the CA certificate, PEM)',
    );
  }
  if (e.SIGNING_CA_KEY_FILE && e.SIGNING_KEY_VAULT_URL) {
    problems.push(
      'SIGNING_CA_KEY_FILE: not with SIGNING_KEY_VAULT_URL (name the CA key in the vault: SIGNING_CA_KEY_NAME)',
    );
  }
  return {
    keys: e.SIGNING_KEY_VAULT_URL
      ? { kind: 'key-vault', vaultUrl: e.SIGNING_KEY_VAULT_URL }
      : { kind: 'local', directory: path.join(dataDir, 'signing') },
    caKeyName: e.SIGNING_CA_KEY_NAME ?? 'signing-ca',
    sealKeyName: 'signing-seal',
    caCertificateFile: e.SIGNING_CA_CERT_FILE ? path.resolve(e.SIGNING_CA_CERT_FILE) : undefined,
    caKeyFile: e.SIGNING_CA_KEY_FILE ? path.resolve(e.SIGNING_CA_KEY_FILE) : undefined,
    tsaUrl: e.SIGNING_TSA_URL,
  };
}
