import type { BaseDoc } from '../../ports/store.js';

/**
 * A certificate the service issued or uses ('certificates' collection, id = partition = the key's name): the
 * signing CA's, the service seal's, one per arbitrator. Public data only; the private key stays with the
 * SigningKeys adapter under the same name.
 */
export interface CertificateDocument extends BaseDoc {
  keyName: string;
  /** DER, base64. */
  certificate: string;
  /** SHA-256 of the DER, hex. */
  fingerprint: string;
  subject: string;
  notBefore: string;
  notAfter: string;
  /** The issuing CA's fingerprint (its own for the root). */
  issuerFingerprint: string;
  /** The account the certificate names (arbitrators). */
  userId?: string;
  /**
   * When the private key was destroyed because its holder closed the account (docs/signing.md): nothing can be
   * signed with it any more, and the certificate stays — not revoked — so that signatures made before verify.
   */
  keyDestroyedAt?: string;
}

/** The key (and certificate) name of an arbitrator's signing key. */
export function arbitratorKeyName(userId: string): string {
  return `arbitrator-${userId}`;
}
