import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { recordAudit } from '../audit/record-audit.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { durableStep } from '../outbox/durable-step.js';
import { sendMail, type SendMailDeps } from '../outbox/send-mail.js';
import type { AwardDocument, IssuanceStep } from '../awards/award-document.js';
import { tribunalDocumentFileName } from '../award-delivery/award-mails.js';
import { changeAward } from '../awards/change-award.js';
import { writeDeliveryMails } from '../award-delivery/deliver-award.js';
import { keepIssuedDocument } from '../awards/keep-write-once-originals.js';
import { pointAttachmentAtPdf } from '../awards/point-attachment-at-pdf.js';

/** The steps written with the issue of a signed document (sign-award.ts), in their order. */
export function issuanceStepsFor(document: Pick<AwardDocument, 'kind'>): IssuanceStep[] {
  return document.kind === 'award' ? ['resolveCase', 'deliver'] : ['recordCorrection', 'deliver'];
}

/**
 * Does what is left after a signed document was issued, step by step in the order written on its record:
 * the award becomes the case's decision and the case Resolved (or a correction's issue is audited), then the
 * § 37 mails are written to the outbox; each step is removed from the record once done, by a conditional
 * write. Every step may run again after a crash and does nothing twice (the case already resolved by this
 * award is left as it is; the mails have stable ids). Then sends the mails written (the outbox's sweep
 * sends any a crash left). Run by the sign request and, for what a crash left, by sweep-issuances.ts.
 */
export async function finishIssuance(
  deps: SendMailDeps,
  disputeId: string,
  awardId: string,
): Promise<{ dispute: DisputeDocument; document: Stored<AwardDocument> } | undefined> {
  const awards = deps.store.collection<AwardDocument>('awards');
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  let document = await awards.read(disputeId, awardId);
  let dispute: DisputeDocument | undefined = await disputes.read(disputeId, disputeId);
  if (!document || !dispute || document.status !== 'Issued') return undefined;
  dispute = await pointAttachmentAtPdf(deps, dispute, document);
  // The issued bytes kept write-once (docs/operations.md); a repeat finds them kept, a failure is repaired by
  // the daily keepWriteOnceOriginals sweep.
  await keepIssuedDocument(deps, document);
  while (document.issuanceSteps?.length) {
    const step = document.issuanceSteps[0]!;
    let mails: AwardDocument['deliveryMails'];
    if (step === 'resolveCase') dispute = await resolveCase(deps, dispute, document);
    else if (step === 'recordCorrection') await recordIssuedCorrection(deps, dispute, document);
    else mails = await writeDeliveryMails(deps, dispute, document);
    document = (await changeAward(deps, disputeId, awardId, (current) => {
      if (current.issuanceSteps?.[0] !== step) return undefined; // another run did it first
      const { issuanceSteps: steps, ...rest } = current;
      const left = steps.slice(1);
      return { ...rest, ...(left.length ? { issuanceSteps: left } : {}), ...(mails ? { deliveryMails: mails } : {}) };
    })) as Stored<AwardDocument>;
    durableStep(deps, `issuance.${step}`);
  }
  for (const mail of document.deliveryMails ?? []) await sendMail(deps, mail.mailId);
  return { dispute, document: (await awards.read(disputeId, awardId)) ?? document };
}

/**
 * The award becomes the case's decision for both parties: the attachment Completed with the signed PDF, the
 * case Resolved. A case already resolved by this award is left as it is (the step is being repaired).
 */
async function resolveCase(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  dispute: DisputeDocument,
  award: AwardDocument,
): Promise<DisputeDocument> {
  const size = (await deps.blobs.properties('attachments', award.pdfBlobName))?.size;
  const issuedAt = award.issuedAt ?? deps.clock.now().toISOString();
  let changed = false;
  const updated = await changeDispute(deps, dispute.id, (current) => {
    if (current.status === 'Resolved' && current.outcome?.decisionId === award.id) return undefined;
    changed = true;
    return {
      ...current,
      status: 'Resolved',
      // The case is final from here (core case-outcome.ts): only the §§ 38–39 requests remain.
      outcome: { kind: 'award' as const, decisionId: award.id, at: issuedAt },
      phases: current.phases.map((phase) => ({
        ...phase,
        attachments: phase.attachments.map((file) =>
          file.id === award.id
            ? {
                ...file,
                status: 'Completed' as const,
                blobName: award.pdfBlobName,
                fileName: tribunalDocumentFileName(
                  { kind: 'award', caseNumber: award.caseNumber, id: award.id },
                  current.language,
                ),
                ...(size !== undefined ? { size } : {}),
              }
            : file,
        ),
      })),
    };
  });
  if (changed) {
    await recordAudit(deps, {
      action: 'IssueAward',
      entityType: 'Dispute',
      entityId: dispute.id,
      tenantId: dispute.tenantId,
      success: true,
      details: `Award ${award.id} (${award.caseNumber}) issued with ${award.signatures.length} signature(s); pdf sha256 ${award.pdfSha256}`,
    });
  }
  return updated;
}

/** A correction, interpretation or additional award is issued: the award and the case stay as they are. */
async function recordIssuedCorrection(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  dispute: DisputeDocument,
  document: AwardDocument,
): Promise<void> {
  await recordAudit(deps, {
    action: 'IssueCorrection',
    entityType: 'Dispute',
    entityId: dispute.id,
    tenantId: dispute.tenantId,
    success: true,
    details: `${document.kind} ${document.id} of award ${document.refersTo} (${document.caseNumber}) issued with ${document.signatures.length} signature(s); pdf sha256 ${document.pdfSha256}`,
  });
}
