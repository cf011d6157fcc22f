import { readFile } from 'node:fs/promises';
import type { Deps } from '../../deps.js';
import { StoreConflictError } from '../../ports/store.js';
import {
  certificateCommonName,
  certificateFingerprint,
  certificateValidity,
  fromPem,
  issueCertificate,
} from '../../pdf/pades/certificates.js';
import type { CertificateDocument } from './certificate-document.js';

/** The organisation a locally made CA and the certificates it issues name. */
export const SIGNING_ORGANIZATION = 'Ratkaisu';
const CA_YEARS = 20;

/**
 * The signing CA's certificate (DER): an organisation's own (SIGNING_CA_CERT_FILE, its key under
 * SIGNING_CA_KEY_FILE or SIGNING_CA_KEY_NAME), or else the one this service made for itself at first start —
 * a self-signed root over the CA key the SigningKeys adapter holds. Made once: a second instance racing to
 * make it reads the first's.
 */
export async function signingAuthority(
  deps: Pick<Deps, 'config' | 'store' | 'signingKeys' | 'clock'>,
): Promise<Uint8Array> {
  const { signing } = deps.config;
  if (signing.caCertificateFile) return fromPem(await readFile(signing.caCertificateFile, 'utf8'));
  const certificates = deps.store.collection<CertificateDocument>('certificates');
  const existing = await certificates.read(signing.caKeyName, signing.caKeyName);
  if (existing) return new Uint8Array(Buffer.from(existing.certificate, 'base64'));

  const now = deps.clock.now();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_YEARS);
  const certificate = await issueCertificate({
    subject: { commonName: `${SIGNING_ORGANIZATION} Signing CA`, organization: SIGNING_ORGANIZATION, country: 'FI' },
    publicKey: await deps.signingKeys.publicKey(signing.caKeyName),
    notBefore: new Date(now.getTime() - 60_000),
    notAfter,
    authority: true,
    signWithIssuerKey: (data) => deps.signingKeys.sign(signing.caKeyName, data),
  });
  try {
    await certificates.create(certificateDocument(signing.caKeyName, certificate, certificate));
    return certificate;
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
    const winner = await certificates.read(signing.caKeyName, signing.caKeyName);
    if (!winner) throw error;
    return new Uint8Array(Buffer.from(winner.certificate, 'base64'));
  }
}

export function certificateDocument(
  keyName: string,
  certificate: Uint8Array,
  issuer: Uint8Array,
  userId?: string,
): CertificateDocument {
  const validity = certificateValidity(certificate);
  return {
    id: keyName,
    pk: keyName,
    keyName,
    certificate: Buffer.from(certificate).toString('base64'),
    fingerprint: certificateFingerprint(certificate),
    subject: certificateCommonName(certificate),
    notBefore: validity.notBefore.toISOString(),
    notAfter: validity.notAfter.toISOString(),
    issuerFingerprint: certificateFingerprint(issuer),
    ...(userId ? { userId } : {}),
  };
}
