import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { recordAudit } from '../audit/record-audit.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { casePath } from '../notices/notice-paths.js';
import { prepareNotice } from '../notices/notify.js';
import { enqueueMail } from '../outbox/enqueue-mail.js';
import type { MailDocument } from '../outbox/mail-document.js';
import { registerMailFollowUp, type FollowUpDeps } from '../outbox/mail-follow-ups.js';
import { fixesArbitratorsFees, type AwardDocument } from '../awards/award-document.js';
import { tribunalDocumentFileName } from './award-mails.js';
import { changeAward } from '../awards/change-award.js';
import { partyRecipients } from './party-recipients.js';

/** The follow-up that records a § 37 mail on the document's record once the outbox has sent or given it up. */
const DELIVERY_FOLLOW_UP = 'tribunalDelivery';

/**
 * Delivery is the tribunal's act (Arbitration Act § 37: a copy of the signed award is delivered to each
 * party): on issuance each representative of each side is mailed the signed PDF as an attachment, with a
 * link to the case. Each mail is first written to the outbox under an id made of the document, the side and
 * the address — so a delivery repaired after a crash finds the mails already written and writes none twice —
 * and the outbox sends it, again with back-off while it fails (services/outbox). Each outcome — time,
 * address, Message-ID, or the failure — is then recorded on the document's record and audited, so the
 * tribunal sees who was served and can act on a failure. Answers the outbox ids of the mails. Used for the
 * award and for a correction, an interpretation or an additional award alike.
 */
export async function writeDeliveryMails(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log' | 'config'>,
  dispute: DisputeDocument,
  document: AwardDocument,
): Promise<NonNullable<AwardDocument['deliveryMails']>> {
  const fileName = tribunalDocumentFileName(document, dispute.language);
  const pdf = await deps.blobs.properties('attachments', document.pdfBlobName);
  const kind = document.kind === 'aiDecision' ? 'award' : document.kind;
  const written: NonNullable<AwardDocument['deliveryMails']> = [];
  for (const { side, email } of partyRecipients(dispute)) {
    // Each party in its own language (the account's, else the case's); the PDF keeps the case's language.
    const prepared = await prepareNotice(
      deps,
      {
        event: 'tribunalDelivered',
        params: {
          kind,
          ...(document.rejection ? { rejection: true } : {}),
          ...(pdf ? { fileName } : {}),
          ...(fixesArbitratorsFees(document) ? { fixesFees: true } : {}),
        },
        caseName: dispute.name,
        caseNumber: document.caseNumber,
        disputeId: dispute.id,
        path: casePath(dispute.id),
        ...(dispute.language ? { fallbackLanguage: dispute.language } : {}),
      },
      { email },
    );
    const { record, created } = await enqueueMail(deps, {
      id: deliveryMailId(document.id, side, email),
      message: prepared.message,
      ...(pdf ? { attachments: [{ fileName, contentType: 'application/pdf', blobName: document.pdfBlobName }] } : {}),
      purpose: 'tribunalDelivered',
      disputeId: dispute.id,
      tenantId: dispute.tenantId,
      followUp: { kind: DELIVERY_FOLLOW_UP, params: { disputeId: dispute.id, awardId: document.id, side, email } },
    });
    // The in-app notice goes with the mail's first writing only: a repaired delivery leaves none twice.
    if (created) await prepared.leaveNotice();
    written.push({ mailId: record.id, side, email, at: record.createdAt });
  }
  return written;
}

/** One § 37 mail's outbox id: the same document, side and address always give the same id. */
function deliveryMailId(documentId: string, side: string, email: string): string {
  const address = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
  return `delivery-${documentId}-${side}-${address}`;
}

/** Records a § 37 mail's outcome on the document once (by its outbox id) and audits it. */
async function recordDelivery(deps: FollowUpDeps, mail: Stored<MailDocument>): Promise<void> {
  const { disputeId, awardId, side, email } = mail.followUp!.params as Record<string, string>;
  const sent = mail.status === 'Sent';
  let recorded = false;
  const document = await changeAward(deps, disputeId!, awardId!, (current) => {
    const deliveries = current.deliveries ?? [];
    if (deliveries.some((delivery) => delivery.mailId === mail.id && !delivery.error === sent)) return undefined;
    recorded = true;
    return {
      ...current,
      deliveries: [
        ...deliveries,
        {
          side: side as 'claimant' | 'respondent',
          email: email!,
          at: (sent ? mail.sentAt : mail.failedAt) ?? deps.clock.now().toISOString(),
          ...(sent && mail.messageId ? { messageId: mail.messageId } : {}),
          attached: sent && !!mail.attachments?.length,
          ...(sent ? {} : { error: mail.lastError ?? 'The mail could not be sent.' }),
          mailId: mail.id,
        },
      ],
    };
  });
  if (!recorded) return;
  const fileName = mail.attachments?.[0]?.fileName ?? document.caseNumber;
  await recordAudit(deps, {
    action: 'DeliverAward',
    entityType: 'Dispute',
    entityId: disputeId!,
    ...(mail.tenantId ? { tenantId: mail.tenantId } : {}),
    success: sent,
    details:
      `${fileName} (sha256 ${document.pdfSha256}) mailed to the ${side} at ${email}` +
      (sent && mail.messageId ? `; Message-ID ${mail.messageId}` : '') +
      (sent && mail.attachments?.length ? '; PDF attached' : ''),
    ...(sent ? {} : { errorMessage: mail.lastError ?? 'The mail could not be sent.' }),
  });
}

registerMailFollowUp(DELIVERY_FOLLOW_UP, recordDelivery);
