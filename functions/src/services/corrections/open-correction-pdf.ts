import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { NotFoundError } from '../../errors.js';
import { recordAwardReceipt } from '../award-receipts/record-award-receipt.js';
import { tribunalDocumentFileName } from '../award-delivery/award-mails.js';
import { openServedDocument } from '../awards/read-write-once-original.js';
import { type FileStream } from '../files/file-download.js';
import { readIssuedAward } from './correction-access.js';
import { correctionDocuments } from './get-award-aftercare.js';

/**
 * `GET /api/dispute/{id}/award/{awardId}/corrections/{documentId}/pdf`: a correction, interpretation or
 * additional award as its PDF — to the tribunal from adoption (the exact PDF its members sign), to the parties
 * once issued. A party's first opening is its side's receipt of that document.
 */
export async function openCorrectionPdf(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  caller: Caller,
  input: { disputeId: string; awardId: string; documentId: string },
): Promise<FileStream> {
  const { dispute, role, award } = await readIssuedAward(deps, caller, input.disputeId, input.awardId);
  const document = (await correctionDocuments(deps, dispute.id, award.id)).find((doc) => doc.id === input.documentId);
  if (!document || (role !== 'tribunal' && document.status !== 'Issued')) {
    throw new NotFoundError(refusal('tribunal.awardNotFound'));
  }
  // Once issued, from its write-once original (read-write-once-original.ts); the tribunal's adopted draft as stored.
  const opened = await openServedDocument(deps, 'attachments', document.pdfBlobName, {
    disputeId: dispute.id,
    documentId: document.id,
  });
  if (!opened) throw new NotFoundError(refusal('uploads.fileNotFound'));
  const stream: FileStream = {
    ...opened,
    fileName: tribunalDocumentFileName(document, dispute.language),
    contentType: 'application/pdf',
  };
  if (role !== 'tribunal') {
    await recordAwardReceipt(deps, {
      dispute,
      documentId: document.id,
      side: role,
      userId: caller.userId,
      email: caller.email,
      how: 'opened',
    }).catch((error: unknown) => deps.log.error('Recording a receipt failed', { disputeId: dispute.id, error }));
  }
  return stream;
}
