import type { Deps } from '../../deps.js';
import type { CadesSigner } from '../../pdf/pades/cades-signature.js';
import { recordAudit } from '../audit/record-audit.js';
import { Reauthentication } from '../accounts/reauthenticate.js';
import type { UserDocument } from '../../records/user-document.js';
import { arbitratorKeyName, type CertificateDocument } from './certificate-document.js';
import { documentSigner } from './document-signer.js';
import { issueSignerCertificate } from './issue-signer-certificate.js';

/**
 * An arbitrator's signing key, usable only with proof of a re-authentication made for this request
 * (accounts/reauthenticate.ts; a minute at most). The certificate was issued when the arbitrator accepted
 * the appointment; one seated before signatures lived in the PDF gets it now (audited the same way).
 */
export async function unlockArbitratorSigner(
  deps: Deps,
  proof: Reauthentication,
  who: { userId: string; name: string; email: string },
): Promise<{ signer: CadesSigner; certificate: CertificateDocument }> {
  if (!Reauthentication.isFresh(proof, who.userId, deps.clock.now())) {
    throw new Error('A signing key is unlocked only by a fresh re-authentication of its holder.');
  }
  const keyName = arbitratorKeyName(who.userId);
  const existing = await documentSigner(deps, keyName);
  if (existing) return existing;
  await issueArbitratorCertificate(deps, who);
  return (await documentSigner(deps, keyName))!;
}

/**
 * The arbitrator's key pair and X.509 certificate (subject: the name and e-mail of the account), issued by
 * the signing CA — when the arbitrator accepts an appointment. Audited with the certificate's fingerprint.
 */
export async function issueArbitratorCertificate(
  deps: Deps,
  who: { userId: string; name: string; email: string },
  context: { disputeId?: string } = {},
): Promise<CertificateDocument> {
  const { document, issued } = await issueSignerCertificate(deps, {
    keyName: arbitratorKeyName(who.userId),
    subject: { commonName: who.name, email: who.email },
    userId: who.userId,
  });
  if (issued) {
    const user = await deps.store.collection<UserDocument>('users').read(who.userId, who.userId);
    await recordAudit(deps, {
      action: 'IssueSigningCertificate',
      entityType: context.disputeId ? 'Dispute' : 'User',
      entityId: context.disputeId ?? who.userId,
      userId: who.userId,
      ...(user ? { userEmail: user.email, tenantId: user.tenantId } : {}),
      success: true,
      details: `Signing certificate for ${who.name} <${who.email}>: sha256 ${document.fingerprint}, valid until ${document.notAfter}, key in ${deps.signingKeys.kind === 'key-vault' ? 'Key Vault' : 'the local key store'}`,
    });
  }
  return document;
}
