import { decodeJwt } from 'jose';
import { TRIBUNAL_MESSAGES, type AwardView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { StoreConflictError } from '../../ports/store.js';
import { verifyPassword } from '../accounts/hash-password.js';
import type { UserDocument } from '../../records/user-document.js';
import { WRONG_PASSWORDS_PER_ACCOUNT } from '../accounts/account-quotas.js';
import { verifySecondFactorThrottled } from '../accounts/verify-two-factor-code.js';
import { returnQuotaSlot, takeQuotaSlot } from '../limits/fixed-window-quota.js';
import { recordAudit } from '../audit/record-audit.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { verifyEntraToken } from '../identity/verify-entra-token.js';
import type { AwardDocument } from './award-document.js';
import { readAwardForReader, toAwardView } from './award-access.js';
import { deliverTribunalDocument } from './deliver-award.js';

/** How fresh a work account's sign-in must be to sign. */
const ENTRA_FRESHNESS_SECONDS = 300;

/**
 * `POST /api/dispute/{id}/award/{awardId}/sign`: a member of the tribunal signs the adopted award after
 * signing in again — password and, where enabled, the authenticator code; a work account with a token from
 * a Microsoft sign-in of the last five minutes. The signature records the signer, the time and the SHA-256
 * of the PDF. With the required signatures in (all members not named as not signing), the award is issued:
 * immutable, the case's decision for both parties, the case Resolved, and delivered: the signed PDF mailed to
 * every representative (deliver-award.ts). A correction, interpretation or additional award (§§ 38–39) is
 * signed and delivered the same way; the award it refers to never changes. Audited.
 */
export async function signAward(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; awardId: string; password?: string; code?: string; entraToken?: string },
  client: ClientInfo,
): Promise<AwardView> {
  const { dispute, member, award } = await readAwardForReader(deps, caller, input.disputeId, input.awardId);
  if (!member || member.status !== 'Accepted') throw new ForbiddenError(TRIBUNAL_MESSAGES.tribunalOnly);
  // The award, and a correction, interpretation or additional award (§§ 38–39), are signed alike.
  if (award.kind === 'aiDecision' || award.status === 'Draft') throw new ConflictError(TRIBUNAL_MESSAGES.notAdopted);
  if (award.notSigning.some((entry) => entry.userId === caller.userId)) {
    throw new ConflictError(TRIBUNAL_MESSAGES.notSigningMember);
  }
  if (award.signatures.some((signature) => signature.userId === caller.userId)) {
    throw new ConflictError(TRIBUNAL_MESSAGES.alreadySigned);
  }
  await reauthenticate(deps, caller, input, client);

  const now = deps.clock.now().toISOString();
  const seated = (dispute.tribunal?.members ?? []).filter((m) => m.status === 'Accepted');
  const awards = deps.store.collection<AwardDocument>('awards');
  let current = award;
  let written: AwardDocument | undefined;
  for (let attempt = 0; attempt < 6 && !written; attempt++) {
    if (current.signatures.some((s) => s.userId === caller.userId))
      throw new ConflictError(TRIBUNAL_MESSAGES.alreadySigned);
    const signatures = [
      ...current.signatures,
      { userId: caller.userId, name: member.name, title: member.title, signedAt: now, pdfSha256: current.pdfSha256 },
    ];
    const required = seated.length - current.notSigning.length;
    const issued = signatures.length >= required;
    const { _etag, ...rest } = current;
    try {
      written = await awards.replace(
        { ...rest, signatures, ...(issued ? { status: 'Issued' as const, issuedAt: now } : {}) },
        { ifMatch: _etag },
      );
    } catch (error) {
      if (!(error instanceof StoreConflictError)) throw error;
      const latest = await awards.read(dispute.id, award.id);
      if (!latest) throw error;
      current = latest;
    }
  }
  if (!written) throw new ConflictError('The award was being signed by others at the same time. Please try again.');

  await recordCallerAction(deps, caller, client, {
    action: 'SignAward',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Award ${award.id} signed by ${member.name}; pdf sha256 ${written.pdfSha256}`,
  });
  let finalDispute: DisputeDocument = dispute;
  let signed: AwardDocument = written;
  if (signed.status === 'Issued') {
    if (signed.kind === 'award') finalDispute = await issue(deps, dispute, signed);
    else await recordIssuedCorrection(deps, dispute, signed);
    signed = await deliverTribunalDocument(deps, finalDispute, signed);
  }
  return toAwardView(signed, finalDispute);
}

async function reauthenticate(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; password?: string; code?: string; entraToken?: string },
  client: ClientInfo,
): Promise<void> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  if (!user) throw new UnauthorizedError(TRIBUNAL_MESSAGES.reauthFailed);
  const refuse = async (message: string) => {
    await recordAudit(deps, {
      action: 'SignAward',
      entityType: 'Dispute',
      entityId: input.disputeId,
      userId: user.id,
      userEmail: user.email,
      success: false,
      ipAddress: client.ipAddress,
      errorMessage: message,
    });
    return new UnauthorizedError(message);
  };
  if (user.entra && !user.passwordHash) {
    if (!input.entraToken) throw await refuse(TRIBUNAL_MESSAGES.reauthEntra);
    const identity = await verifyEntraToken(deps, input.entraToken);
    const issuedAt = decodeJwt(input.entraToken).iat ?? 0;
    const fresh = deps.clock.now().getTime() / 1000 - issuedAt <= ENTRA_FRESHNESS_SECONDS;
    if (identity.oid !== user.entra.oid || identity.tid !== user.entra.tid || !fresh) {
      throw await refuse(TRIBUNAL_MESSAGES.reauthEntra);
    }
    return;
  }
  if (!input.password || (user.tfaEnabled && !input.code)) throw await refuse(TRIBUNAL_MESSAGES.reauthRequired);
  // Guesses count against the account's hourly allowance of wrong passwords and codes, as change-password's do.
  await takeQuotaSlot(deps, WRONG_PASSWORDS_PER_ACCOUNT, user.id);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
    throw await refuse(TRIBUNAL_MESSAGES.reauthFailed);
  }
  await returnQuotaSlot(deps, WRONG_PASSWORDS_PER_ACCOUNT, user.id);
  if (user.tfaEnabled && !(await verifySecondFactorThrottled(deps, user.id, input.code!))) {
    throw await refuse(TRIBUNAL_MESSAGES.reauthFailed);
  }
}

/** The award becomes the case's decision for both parties: the attachment Completed with the signed PDF, the case Resolved. */
async function issue(deps: Deps, dispute: DisputeDocument, award: AwardDocument): Promise<DisputeDocument> {
  const size = (await deps.blobs.properties('attachments', award.pdfBlobName))?.size;
  const updated = await changeDispute(deps, dispute.id, (current) => ({
    ...current,
    status: 'Resolved',
    phases: current.phases.map((phase) => ({
      ...phase,
      attachments: phase.attachments.map((file) =>
        file.id === award.id
          ? {
              ...file,
              status: 'Completed' as const,
              blobName: award.pdfBlobName,
              fileName: `Award_${award.caseNumber}.pdf`,
              ...(size !== undefined ? { size } : {}),
            }
          : file,
      ),
    })),
  }));
  await recordAudit(deps, {
    action: 'IssueAward',
    entityType: 'Dispute',
    entityId: dispute.id,
    tenantId: dispute.tenantId,
    success: true,
    details: `Award ${award.id} (${award.caseNumber}) issued with ${award.signatures.length} signature(s); pdf sha256 ${award.pdfSha256}`,
  });
  return updated;
}

/** A correction, interpretation or additional award is issued: the award and the case stay as they are. */
async function recordIssuedCorrection(deps: Deps, dispute: DisputeDocument, document: AwardDocument): Promise<void> {
  await recordAudit(deps, {
    action: 'IssueCorrection',
    entityType: 'Dispute',
    entityId: dispute.id,
    tenantId: dispute.tenantId,
    success: true,
    details: `${document.kind} ${document.id} of award ${document.refersTo} (${document.caseNumber}) issued with ${document.signatures.length} signature(s); pdf sha256 ${document.pdfSha256}`,
  });
}
