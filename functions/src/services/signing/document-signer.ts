import type { Deps } from '../../deps.js';
import type { CadesSigner, TimestampAuthority } from '../../pdf/pades/cades-signature.js';
import { httpTimestampAuthority } from '../../pdf/pades/http-timestamp-authority.js';
import type { CertificateDocument } from './certificate-document.js';
import { signingAuthority } from './signing-authority.js';

/**
 * The signer for a named key whose certificate was issued: its certificate and the CA's as the chain, the
 * signing done by the SigningKeys adapter. Undefined when no certificate exists for the key.
 */
export async function documentSigner(
  deps: Pick<Deps, 'config' | 'store' | 'signingKeys' | 'clock'>,
  keyName: string,
): Promise<{ signer: CadesSigner; certificate: CertificateDocument } | undefined> {
  const certificate = await deps.store.collection<CertificateDocument>('certificates').read(keyName, keyName);
  if (!certificate) return undefined;
  const authority = await signingAuthority(deps);
  return {
    certificate,
    signer: {
      certificateChain: [new Uint8Array(Buffer.from(certificate.certificate, 'base64')), authority],
      sign: (data) => deps.signingKeys.sign(keyName, data),
    },
  };
}

/** The configured RFC 3161 authority (SIGNING_TSA_URL): with one, signatures are PAdES-B-T; without, B-B. */
export function configuredTimestampAuthority(deps: Pick<Deps, 'config'>): TimestampAuthority | undefined {
  const url = deps.config.signing.tsaUrl;
  return url ? httpTimestampAuthority(url) : undefined;
}
