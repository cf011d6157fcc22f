import { randomUUID } from 'node:crypto';
import { formatDisplayDate, formatDisplayTime, refusal, type AwardView, type Refused } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { changeRecord } from '../../records/change-record.js';
import type { UserDocument } from '../../records/user-document.js';
import { reauthenticate, type ReauthenticationRefusal } from '../accounts/reauthenticate.js';
import { signPdf, type SignedPdf, type SignPdfOptions } from '../../pdf/pades/sign-pdf.js';
import { configuredTimestampAuthority } from '../signing/document-signer.js';
import { unlockArbitratorSigner } from '../signing/unlock-arbitrator-signer.js';
import { pointAttachmentAtPdf } from '../awards/point-attachment-at-pdf.js';
import { awardSignatureField } from '../awards/render-award.js';
import * as W from '../awards/award-wording-fi.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { durableStep } from '../outbox/durable-step.js';
import { finishIssuance, issuanceStepsFor } from './finish-issuance.js';
import type { AwardDocument } from '../awards/award-document.js';

/** Lost races with other members' signatures before signing is given up (each retry signs the stored version). */
const SIGN_ATTEMPTS = 6;
import { readAwardForReader, toAwardView } from '../awards/award-access.js';
import { measure } from '../../observability/meters.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/sign`: a member of the tribunal signs the adopted award after
 * signing in again (accounts/reauthenticate.ts: password and, where enabled, the authenticator code; a work
 * account with a Microsoft sign-in of the last five minutes), which alone unlocks the member's signing key.
 * The signature goes inside the PDF: PAdES (ETSI.CAdES.detached; B-T with SIGNING_TSA_URL), added by
 * incremental update into the field reserved above the member's signature line, with a visible block
 * (name, title and role, Finnish time), so each later signature covers the earlier ones. The request names
 * the PDF the member opened by its SHA-256 (required); a PDF that has changed since is refused (sign what you see). The audit
 * chain records the signer, time, certificate fingerprint and the PDF's SHA-256 after the signature. With
 * the required signatures in, the fully signed PDF is issued: the case's decision for both parties, the
 * case Resolved, and delivered: the signed PDF mailed to every representative (deliver-award.ts) — steps
 * written in the same conditional write as the issue and done by finish-issuance.ts, or after a crash by its
 * sweep (docs/operations.md "Operations: durable work"). A correction, interpretation or additional award (§§ 38–39) is signed and delivered the same way; the award
 * it refers to never changes.
 */
export async function signAward(
  deps: Deps,
  caller: Caller,
  input: {
    disputeId: string;
    awardId: string;
    password?: string;
    code?: string;
    entraToken?: string;
    pdfSha256: string;
  },
  client: ClientInfo,
): Promise<AwardView> {
  const { dispute, member, award } = await readAwardForReader(deps, caller, input.disputeId, input.awardId);
  if (!member || member.status !== 'Accepted') throw new ForbiddenError(refusal('tribunal.tribunalOnly'));
  // The award, and a correction, interpretation or additional award (§§ 38–39), are signed alike.
  if (award.kind === 'aiDecision' || award.status === 'Draft') throw new ConflictError(refusal('tribunal.notAdopted'));
  if (award.notSigning.some((entry) => entry.userId === caller.userId)) {
    throw new ConflictError(refusal('tribunal.notSigningMember'));
  }
  if (award.signatures.some((signature) => signature.userId === caller.userId)) {
    throw new ConflictError(refusal('tribunal.alreadySigned'));
  }
  if (input.pdfSha256 !== award.pdfSha256) throw new ConflictError(refusal('tribunal.pdfChanged'));
  const proof = await reauthenticate(deps, caller, input, {
    client,
    audit: { action: 'SignAward', entityType: 'Dispute', entityId: input.disputeId },
    allowWorkAccount: true,
    refuse: (reason) => {
      const wording = REFUSALS[reason];
      return { message: wording.message, error: new UnauthorizedError(wording) };
    },
  });
  const user = (await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId))!;
  const { signer, certificate } = await unlockArbitratorSigner(deps, proof, {
    userId: caller.userId,
    name: member.name,
    email: user.email,
  });

  const seated = (dispute.tribunal?.members ?? []).filter((m) => m.status === 'Accepted');
  const awards = deps.store.collection<AwardDocument>('awards');
  const timestampAuthority = configuredTimestampAuthority(deps);
  // The signed copy of an attempt that lost a race to another member's signature is not the award's: removed
  // before the next attempt signs the version now stored (which already holds the other signature).
  let uploaded: string | undefined;
  const discardUploaded = async () => {
    if (uploaded) await deps.blobs.delete('attachments', uploaded).catch(() => false);
    uploaded = undefined;
  };
  let result;
  try {
    result = await changeRecord(
      awards,
      { pk: award.pk, id: award.id },
      async (current) => {
        await discardUploaded();
        if (current.signatures.some((s) => s.userId === caller.userId))
          throw new ConflictError(refusal('tribunal.alreadySigned'));
        if (input.pdfSha256 !== current.pdfSha256) throw new ConflictError(refusal('tribunal.pdfChanged'));
        const signedAt = deps.clock.now();
        const signed = await signInto(deps, current, {
          signer,
          signingTime: signedAt,
          name: member.name,
          reason: W.SIGNATURE_BLOCK.reason,
          location: W.SEAT,
          visible: {
            fieldName: awardSignatureField(caller.userId),
            lines: [
              W.SIGNATURE_BLOCK.heading,
              member.name,
              W.SIGNATURE_BLOCK.capacity(member.title, W.TRIBUNAL_TEXT.roles[member.role]),
              W.SIGNATURE_BLOCK.time(...helsinkiTime(signedAt)),
            ],
          },
          ...(timestampAuthority ? { timestampAuthority } : {}),
        });
        const blobName = `${dispute.id}/award-${award.id}-signed-${current.signatures.length + 1}-${randomUUID()}.pdf`;
        await deps.blobs.upload('attachments', blobName, Buffer.from(signed.pdf), { contentType: 'application/pdf' });
        uploaded = blobName;
        const signatures = [
          ...current.signatures,
          {
            userId: caller.userId,
            name: member.name,
            title: member.title,
            signedAt: signedAt.toISOString(),
            pdfSha256: signed.sha256,
            certificateFingerprint: certificate.fingerprint,
          },
        ];
        const issued = signatures.length >= seated.length - current.notSigning.length;
        return {
          ...current,
          signatures,
          pdfBlobName: blobName,
          pdfSha256: signed.sha256,
          // What issue sets going is written with it, so a crash before it is done leaves it named for the sweep.
          ...(issued
            ? { status: 'Issued' as const, issuedAt: signedAt.toISOString(), issuanceSteps: issuanceStepsFor(current) }
            : {}),
        };
      },
      {
        first: award,
        attempts: SIGN_ATTEMPTS,
        busy: () => new ConflictError(refusal('tribunal.awardSigningBusy')),
      },
    );
  } catch (error) {
    await discardUploaded();
    // A refusal (signed already, changed PDF, a race) is an answer; anything else is a signature that failed.
    if (!(error instanceof ConflictError)) measure.signingFailure();
    throw error;
  }
  if (result.outcome !== 'written') throw new NotFoundError(refusal('tribunal.awardNotFound'));
  const written = result.record;

  await recordCallerAction(deps, caller, client, {
    action: 'SignAward',
    entityType: 'Dispute',
    entityId: dispute.id,
    details:
      `Award ${award.id} signed by ${member.name} (PAdES, ${timestampAuthority ? 'B-T' : 'B-B'}, after ${proof.method}) ` +
      `at ${written.signatures.at(-1)!.signedAt}; certificate sha256 ${certificate.fingerprint}; ` +
      `pdf sha256 after the signature ${written.pdfSha256}`,
  });
  durableStep(deps, written.status === 'Issued' ? 'award.issued' : 'award.signed');
  if (written.status === 'Issued') {
    const finished = await finishIssuance(deps, dispute.id, written.id);
    if (finished) return toAwardView(finished.document, finished.dispute);
  }
  return toAwardView(written, await pointAttachmentAtPdf(deps, dispute, written));
}

const REFUSALS: Record<ReauthenticationRefusal, Refused> = {
  noLocalPassword: refusal('tribunal.reauthRequired'),
  passwordRequired: refusal('tribunal.reauthRequired'),
  codeRequired: refusal('tribunal.reauthRequired'),
  wrongPassword: refusal('tribunal.reauthFailed'),
  wrongCode: refusal('tribunal.reauthFailed'),
  workAccountRequired: refusal('tribunal.reauthEntra'),
  workAccountMismatch: refusal('tribunal.reauthEntra'),
};

/** The award's current PDF with one more signature; a PDF that cannot take it is a catalogued 409. */
async function signInto(deps: Deps, award: AwardDocument, options: SignPdfOptions): Promise<SignedPdf> {
  const bytes = await deps.blobs.downloadBuffer('attachments', award.pdfBlobName);
  if (!bytes) throw new ConflictError(refusal('tribunal.signingFailed'));
  try {
    return await signPdf(bytes, options);
  } catch (error) {
    deps.log.error('Adding a signature to an award PDF failed', { awardId: award.id, error });
    throw new ConflictError(refusal('tribunal.signingFailed'));
  }
}

/** "27.11.2026", "12.05": the signing time as a Finnish reader reads it, in Finnish time. */
function helsinkiTime(at: Date): [string, string] {
  return [formatDisplayDate(at), formatDisplayTime(at, 'fi')];
}
