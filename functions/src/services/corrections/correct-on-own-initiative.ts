import {
  CORRECTION_PERIOD_DAYS,
  helsinkiCalendarDate,
  periodEnd,
  withinPeriod,
  type AwardAftercareView,
  refusal,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { ConflictError } from '../../errors.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { notify } from '../notices/notify.js';
import { partyRecipients, tribunalRecipients } from '../award-delivery/party-recipients.js';
import { createCorrectionDocument } from './create-correction-document.js';
import { correctionNotice, readIssuedAward, seatedMember } from './correction-access.js';
import { aftercareView, correctionDocuments } from './get-award-aftercare.js';

/**
 * `POST /api/dispute/{id}/award/{awardId}/corrections/own-initiative`: the chair (or the sole arbitrator)
 * corrects a clerical or calculation error of the award on the tribunal's own initiative, within 30 days of
 * the award (§ 38; a 409 after). The correction is its own document, signed, issued and delivered like the
 * award; the parties are told now and receive it once signed. Audited with the PDF's SHA-256.
 */
export async function correctOnOwnInitiative(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log' | 'mailer' | 'config'>,
  caller: Caller,
  input: { disputeId: string; awardId: string; text: string },
  client: ClientInfo,
): Promise<AwardAftercareView> {
  const issued = await readIssuedAward(deps, caller, input.disputeId, input.awardId);
  const chair = seatedMember(issued, { chair: true });
  const { dispute, award } = issued;
  const last = periodEnd(helsinkiCalendarDate(award.issuedAt ?? award.adoptedAt ?? ''), {
    days: CORRECTION_PERIOD_DAYS,
  });
  if (!withinPeriod(deps.clock.now(), last)) throw new ConflictError(refusal('corrections.ownInitiativeLate'));
  const document = await createCorrectionDocument(deps, {
    dispute,
    award,
    kind: 'correction',
    text: input.text,
    chair,
  });
  await recordCallerAction(deps, caller, client, {
    action: 'CorrectOwnInitiative',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `${chair.name} adopted correction ${document.id} of award ${award.id} on the tribunal's own initiative; pdf sha256 ${document.pdfSha256}`,
  });
  const notice = correctionNotice(dispute, award);
  await notify(deps, {
    ...notice,
    event: 'correctionStep',
    params: { step: 'ownInitiative' },
    recipients: partyRecipients(dispute).map(({ email }) => ({ email })),
  });
  await notify(deps, {
    ...notice,
    event: 'correctionStep',
    params: { step: 'awaitsSignature', chairName: chair.name },
    recipients: tribunalRecipients(dispute)
      .filter((email) => email !== chair.email)
      .map((email) => ({ email })),
  });
  const latest = (await deps.store.collection<typeof award>('awards').read(dispute.id, award.id)) ?? award;
  return aftercareView(dispute, latest, await correctionDocuments(deps, dispute.id, award.id), true);
}
