/**
 * Private keys for PDF signatures, kept where they cannot be read: each key pair is named (the signing CA,
 * the service's seal, one per arbitrator), created on first use, and only ever asked to sign. Local: keys
 * encrypted under DATA_DIR; on Azure: keys in Key Vault. Certificates are public and live in the store
 * (services/signing).
 */
export interface SigningKeys {
  readonly kind: 'local' | 'key-vault';
  /** The DER SubjectPublicKeyInfo of the named key pair; the pair is created on the first ask. */
  publicKey(name: string): Promise<Uint8Array>;
  /** RSASSA-PKCS1-v1_5 with SHA-256 over `data` by the named key; the key must exist. */
  sign(name: string, data: Uint8Array): Promise<Uint8Array>;
  /**
   * Destroys the named private key so that nothing can be signed with it again (an arbitrator who closed the
   * account: docs/signing.md). Its certificate stays, so signatures made before still verify. False when there
   * was no such key. A destroyed name is never created again by `publicKey`.
   */
  destroy(name: string): Promise<boolean>;
}
