import type { Deps } from '../../deps.js';
import { recordAudit } from '../audit/record-audit.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { AwardDeliveryRecord, AwardDocument } from './award-document.js';
import { changeAward } from './change-award.js';
import { tribunalDocumentFileName } from './award-mails.js';
import type { MailMessage } from '../../ports/mailer.js';
import { casePath } from '../notices/notice-paths.js';
import { prepareNotice } from '../notices/notify.js';
import { partyRecipients } from './party-recipients.js';

/**
 * Delivery is the tribunal's act (Arbitration Act § 37: a copy of the signed award is delivered to each
 * party): on issuance each representative of each side is mailed the signed PDF as an attachment, with a
 * link to the case. Each mail — time, address, Message-ID, or the failure — is recorded on the document's
 * record and audited, so the tribunal sees who was served and can act on a failure. Used for the award and
 * for a correction, an interpretation or an additional award alike.
 */
export async function deliverTribunalDocument(
  deps: Pick<Deps, 'store' | 'blobs' | 'mailer' | 'clock' | 'log' | 'config'>,
  dispute: DisputeDocument,
  document: AwardDocument,
): Promise<AwardDocument> {
  const pdf = await deps.blobs.downloadBuffer('attachments', document.pdfBlobName);
  const fileName = tribunalDocumentFileName(document, dispute.language);
  const kind = document.kind === 'aiDecision' ? 'award' : document.kind;
  const deliveries: AwardDeliveryRecord[] = [];
  for (const { side, email } of partyRecipients(dispute)) {
    // Each party in its own language (the account's, else the case's); the PDF keeps the case's language.
    const prepared = await prepareNotice(
      deps,
      {
        event: 'tribunalDelivered',
        params: { kind, ...(document.rejection ? { rejection: true } : {}), ...(pdf ? { fileName } : {}) },
        caseName: dispute.name,
        caseNumber: document.caseNumber,
        disputeId: dispute.id,
        path: casePath(dispute.id),
        ...(dispute.language ? { fallbackLanguage: dispute.language } : {}),
      },
      { email },
    );
    const message: MailMessage = {
      ...prepared.message,
      ...(pdf ? { attachments: [{ fileName, contentType: 'application/pdf', content: pdf }] } : {}),
    };
    try {
      const sent = await deps.mailer.send(message);
      deliveries.push({ side, email, at: deps.clock.now().toISOString(), messageId: sent.messageId, attached: !!pdf });
      await prepared.leaveNotice();
    } catch (error) {
      deps.log.warn('Delivering a signed document failed', { disputeId: dispute.id, error });
      deliveries.push({
        side,
        email,
        at: deps.clock.now().toISOString(),
        attached: false,
        error: error instanceof Error ? error.message.slice(0, 300) : 'The mail could not be sent.',
      });
    }
  }
  const written = await changeAward(deps, dispute.id, document.id, (current) => ({
    ...current,
    deliveries: [...(current.deliveries ?? []), ...deliveries],
  }));
  for (const delivery of deliveries) {
    await recordAudit(deps, {
      action: 'DeliverAward',
      entityType: 'Dispute',
      entityId: dispute.id,
      tenantId: dispute.tenantId,
      success: !delivery.error,
      details:
        `${fileName} (sha256 ${document.pdfSha256}) mailed to the ${delivery.side} at ${delivery.email}` +
        (delivery.messageId ? `; Message-ID ${delivery.messageId}` : '') +
        (delivery.attached ? '; PDF attached' : ''),
      ...(delivery.error ? { errorMessage: delivery.error } : {}),
    });
  }
  return written;
}
