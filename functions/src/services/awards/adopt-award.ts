import { type AwardView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError, StaleVersionError, ValidationError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { StoreConflictError } from '../../ports/store.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { AwardDocument } from './award-document.js';
import { readAwardForReader, toAwardView } from './award-access.js';
import { awardFrameInput } from './award-frame-data.js';
import { renderAwardPdf } from './render-award.js';
import { pointAttachmentAtPdf } from './point-attachment-at-pdf.js';
import { awardProvenance } from './ai-provenance.js';
import { withAiUse } from '../ai-use/ai-use-details.js';
import { checkDispositive } from './check-dispositive.js';
import { assertConstitutedForAdoption } from '../constitution/adoption-bars.js';
import { reviewNote } from './chapter-review.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/adopt`: the chair (or the sole arbitrator) adopts a version of the
 * draft as the award. It needs its dispositive part. Members who will not sign are named with the reason
 * (§ 40(2): a majority's signatures suffice when the award says why the others did not sign). The
 * tuomiolauselma is compared with chapter 6 (check-dispositive.ts): when they differ, the chair must have seen
 * the differences (the adopt dialog lists them) and confirm them; the audit names what was confirmed. The
 * award PDF is rendered now — VÄLITYSTUOMIO, the tribunal's names under the signature lines, the date of adoption and
 * the seat — and its SHA-256 is what each member signs. Audited with the hash.
 */
export async function adoptAward(
  deps: Deps,
  caller: Caller,
  input: {
    disputeId: string;
    awardId: string;
    version: number;
    notSigning: { userId: string; reason: string }[];
    /** The tribunal saw the differences between the tuomiolauselma and chapter 6 and adopts anyway. */
    confirmMismatches?: boolean;
  },
  client: ClientInfo,
): Promise<AwardView> {
  const { dispute, member, award } = await readAwardForReader(deps, caller, input.disputeId, input.awardId);
  if (!member || member.status !== 'Accepted') throw new ForbiddenError(refusal('tribunal.tribunalOnly'));
  if (member.role === 'member') throw new ForbiddenError(refusal('tribunal.chairOnly'));
  if (award.kind !== 'award' || award.status !== 'Draft') throw new ConflictError(refusal('tribunal.notDraft'));
  if (input.version !== award.version) {
    throw new StaleVersionError(refusal('tribunal.staleVersion'), toAwardView(award, dispute));
  }
  if (!award.dispositive || award.dispositive.orders.length === 0) {
    throw new ConflictError(refusal('tribunal.dispositiveRequired'));
  }
  const seated = (dispute.tribunal?.members ?? []).filter((m) => m.status === 'Accepted');
  const notSigning = input.notSigning.map((entry) => {
    const who = seated.find((m) => m.userId === entry.userId);
    if (!who || who.userId === caller.userId) throw new ValidationError(refusal('tribunal.majorityRequired'));
    return { userId: who.userId, name: who.name, reason: entry.reason };
  });
  if (seated.length - notSigning.length <= seated.length / 2) {
    throw new ValidationError(refusal('tribunal.majorityRequired'));
  }
  await assertConstitutedForAdoption(
    deps,
    dispute,
    seated.map((m) => m.userId),
  );
  const mismatches = checkDispositive(award.dispositive, award.chapters);
  if (mismatches.length > 0 && !input.confirmMismatches) {
    throw new ConflictError(refusal('tribunal.dispositiveMismatch'));
  }

  const now = deps.clock.now();
  const adopted: AwardDocument = {
    ...stripEtag(award),
    status: 'Adopted',
    adoptedAt: now.toISOString(),
    adoptedBy: caller.userId,
    notSigning,
  };
  const { pdf, sha256 } = await renderAwardPdf(
    await awardFrameInput(deps, dispute, adopted, 'award', now),
    awardProvenance(adopted, 'award', dispute),
  );
  const blobName = `${dispute.id}/award-${award.id}-adopted-v${award.version}.pdf`;
  await deps.blobs.upload('attachments', blobName, pdf, { contentType: 'application/pdf' });
  let written: AwardDocument;
  try {
    written = await deps.store
      .collection<AwardDocument>('awards')
      .replace({ ...adopted, pdfBlobName: blobName, pdfSha256: sha256 }, { ifMatch: award._etag });
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
    const latest = await deps.store.collection<AwardDocument>('awards').read(dispute.id, award.id);
    throw new StaleVersionError(refusal('tribunal.staleVersion'), latest ? toAwardView(latest, dispute) : undefined);
  }
  await recordCallerAction(deps, caller, client, {
    action: 'AdoptAward',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: withAiUse(
      `Award ${award.id} version ${award.version} adopted by ${member.name}; pdf sha256 ${sha256}` +
        (notSigning.length > 0 ? `; not signing: ${notSigning.map((n) => `${n.name} (${n.reason})`).join(', ')}` : '') +
        (mismatches.length > 0
          ? `; confirmed despite differences from chapter 6: ${mismatches.map((m) => (m.order ? `${m.code} (order ${m.order})` : m.code)).join(', ')}`
          : '') +
        reviewNote(award),
      { event: 'adopted', use: 'award', outputId: award.id, version: award.version, outputSha256: sha256 },
    ),
  });
  // Sign what you see: from now on the draft's download is the adopted PDF.
  return toAwardView(written, await pointAttachmentAtPdf(deps, dispute, written));
}

function stripEtag<T extends object>(doc: T & { _etag?: string }): T {
  const { _etag: _ignored, ...rest } = doc;
  return rest as T;
}
