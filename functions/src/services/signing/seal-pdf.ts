import type { Deps } from '../../deps.js';
import { signPdf, type SignedPdf } from '../../pdf/pades/sign-pdf.js';
import { configuredTimestampAuthority, documentSigner } from './document-signer.js';
import { issueSignerCertificate } from './issue-signer-certificate.js';
import { SIGNING_ORGANIZATION } from './signing-authority.js';

export const SEAL_COMMON_NAME = `${SIGNING_ORGANIZATION} (palvelun sinetti)`;

/**
 * Seals a PDF with the service's own key: an invisible PAdES signature by incremental update, under a
 * certificate the signing CA issues to the service. Anyone can then show that the file is unchanged since.
 * Returns the sealed bytes, their SHA-256 and the seal certificate's fingerprint.
 */
export async function sealPdf(
  deps: Pick<Deps, 'config' | 'store' | 'signingKeys' | 'clock'>,
  bytes: Uint8Array,
  options: { reason: string },
): Promise<SignedPdf & { certificateFingerprint: string }> {
  const keyName = deps.config.signing.sealKeyName;
  await issueSignerCertificate(deps, { keyName, subject: { commonName: SEAL_COMMON_NAME } });
  const seal = (await documentSigner(deps, keyName))!;
  const timestampAuthority = configuredTimestampAuthority(deps);
  const signed = await signPdf(bytes, {
    signer: seal.signer,
    signingTime: deps.clock.now(),
    name: SEAL_COMMON_NAME,
    reason: options.reason,
    ...(timestampAuthority ? { timestampAuthority } : {}),
  });
  return { ...signed, certificateFingerprint: seal.certificate.fingerprint };
}
