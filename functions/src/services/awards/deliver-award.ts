import type { Deps } from '../../deps.js';
import { recordAudit } from '../audit/record-audit.js';
import { caseLink } from '../disputes/dispute-mails.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { AwardDeliveryRecord, AwardDocument } from './award-document.js';
import { changeAward } from './change-award.js';
import { deliveryMail, tribunalDocumentFileName } from './award-mails.js';
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
  const link = caseLink(deps.config.publicUrl, dispute.id);
  const deliveries: AwardDeliveryRecord[] = [];
  for (const { side, email } of partyRecipients(dispute)) {
    const message = deliveryMail(email, {
      kind: document.kind === 'aiDecision' ? 'award' : document.kind,
      ...(document.rejection ? { rejection: true } : {}),
      caseName: dispute.name,
      caseNumber: document.caseNumber,
      link,
      ...(pdf ? { attachment: { fileName, contentType: 'application/pdf', content: pdf } } : {}),
    });
    try {
      const sent = await deps.mailer.send(message);
      deliveries.push({ side, email, at: deps.clock.now().toISOString(), messageId: sent.messageId, attached: !!pdf });
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
