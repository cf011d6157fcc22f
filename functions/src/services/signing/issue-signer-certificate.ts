import type { Deps } from '../../deps.js';
import { certificateFingerprint, issueCertificate, type CertificateSubject } from '../../pdf/pades/certificates.js';
import type { CertificateDocument } from './certificate-document.js';
import { certificateDocument, SIGNING_ORGANIZATION, signingAuthority } from './signing-authority.js';

const SIGNER_YEARS = 3;
/** A certificate this close to its end is renewed rather than handed out again. */
const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;

/**
 * The signing certificate for a named key: the key pair is made by the SigningKeys adapter on first use and
 * the CA issues an X.509 certificate naming the signer (name, e-mail; organisation Ratkaisu). An existing
 * certificate is kept while it names the same person, comes from the current CA and has a month left.
 */
export async function issueSignerCertificate(
  deps: Pick<Deps, 'config' | 'store' | 'signingKeys' | 'clock'>,
  input: { keyName: string; subject: CertificateSubject; userId?: string },
): Promise<{ document: CertificateDocument; issued: boolean }> {
  const authority = await signingAuthority(deps);
  const certificates = deps.store.collection<CertificateDocument>('certificates');
  const existing = await certificates.read(input.keyName, input.keyName);
  const now = deps.clock.now();
  if (
    existing &&
    existing.subject === input.subject.commonName &&
    existing.issuerFingerprint === certificateFingerprint(authority) &&
    new Date(existing.notAfter).getTime() - now.getTime() > RENEW_BEFORE_MS
  ) {
    return { document: existing, issued: false };
  }
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + SIGNER_YEARS);
  const certificate = await issueCertificate({
    subject: { organization: SIGNING_ORGANIZATION, country: 'FI', ...input.subject },
    publicKey: await deps.signingKeys.publicKey(input.keyName),
    notBefore: new Date(now.getTime() - 60_000),
    notAfter,
    authority: false,
    issuer: authority,
    signWithIssuerKey: (data) => deps.signingKeys.sign(deps.config.signing.caKeyName, data),
  });
  const document = await certificates.upsert(certificateDocument(input.keyName, certificate, authority, input.userId));
  return { document, issued: true };
}
