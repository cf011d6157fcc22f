import type { Deps } from '../../deps.js';
import { changeRecord } from '../../records/change-record.js';
import { arbitratorKeyName, type CertificateDocument } from '../signing/certificate-document.js';

/**
 * Destroys an arbitrator's private signing key when the account closes, so that no new signature can be made
 * with it, and marks its certificate. The certificate is not revoked: revocation says a key was compromised,
 * and would leave every award signed without a trusted timestamp unverifiable (docs/signing.md). Answers
 * whether there was a key.
 */
export async function destroyArbitratorKey(deps: Pick<Deps, 'store' | 'signingKeys' | 'clock'>, userId: string) {
  const keyName = arbitratorKeyName(userId);
  const certificates = deps.store.collection<CertificateDocument>('certificates');
  const certificate = await certificates.read(keyName, keyName);
  if (!certificate) return false;
  const destroyed = await deps.signingKeys.destroy(keyName);
  const at = deps.clock.now().toISOString();
  await changeRecord(certificates, { pk: keyName, id: keyName }, (current) => {
    if (current.keyDestroyedAt) return undefined;
    const { _etag: _ignored, ...rest } = current;
    return { ...rest, keyDestroyedAt: at };
  });
  return destroyed || !!certificate.keyDestroyedAt;
}
