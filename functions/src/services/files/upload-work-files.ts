import { randomUUID } from 'node:crypto';
import {
  duplicateFileNames,
  duplicateFilesRefusal,
  MAX_FILES_PER_PHASE,
  refusal,
  type WorkFileView,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { BadRequestError, DuplicateFileNameError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { UploadForm } from '../../context/multipart.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeDispute } from '../disputes/change-dispute.js';
import { assertNotFinal } from '../disputes/assert-not-final.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { describeFiles } from './describe-files.js';
import { queueUploadOcr } from '../documents/ocr-uploads.js';
import { deleteReceivedBlobs, receivePdfUploads } from './receive-pdf-uploads.js';
import { listSideWorkFiles, toWorkFileView, type WorkFileDocument } from './work-file-document.js';

/**
 * `POST /api/dispute/{id}/workfiles`: adds PDFs to the caller's side's work
 * files, all or none, under the upload rules of phase files (names unique
 * within the side's work files). Allowed to either side at any phase, also
 * after Resolution. The respondent side's first work file moves a Pending
 * case to InProgress: the respondent side has begun to act.
 *
 * Each file is its own document, so two uploads at once never overwrite each
 * other. Names are checked again after the documents are written: a request
 * that then finds one of its names taken by another upload removes its own
 * files and is refused. Two requests racing with the same name may both be
 * refused that way, never both kept.
 */
export async function uploadWorkFiles(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; body: UploadForm },
  client: ClientInfo,
): Promise<WorkFileView[]> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  assertNotFinal(dispute);
  const existing = await listSideWorkFiles(deps, dispute.id, side);
  const received = await receivePdfUploads(deps, input.body, {
    container: 'workfiles',
    blobPrefix: dispute.id,
    existingNames: existing.map((file) => file.fileName),
    fullMessage: refusal('uploads.workFilesFull', { maxFiles: MAX_FILES_PER_PHASE }),
  });

  const dateCreated = deps.clock.now().toISOString();
  const documents: WorkFileDocument[] = received.map((file) => ({
    id: randomUUID(),
    pk: dispute.id,
    disputeId: dispute.id,
    side,
    fileName: file.fileName,
    blobName: file.blobName,
    size: file.size,
    dateCreated,
    uploadedBy: caller.userId,
    sha256: file.sha256,
  }));
  const files = deps.store.collection<WorkFileDocument>('files');
  const written: WorkFileDocument[] = [];
  try {
    for (const document of documents) {
      await files.create(document);
      written.push(document);
    }
    const mine = new Set(documents.map((document) => document.id));
    const now = await listSideWorkFiles(deps, dispute.id, side);
    const clashes = duplicateFileNames(
      now.filter((file) => !mine.has(file.id)).map((file) => file.fileName),
      documents.map((document) => document.fileName),
    );
    if (clashes.length > 0) throw new DuplicateFileNameError(duplicateFilesRefusal(clashes));
    if (now.length > MAX_FILES_PER_PHASE)
      throw new BadRequestError(refusal('uploads.workFilesFull', { maxFiles: MAX_FILES_PER_PHASE }));
  } catch (error) {
    const removed = await Promise.allSettled(written.map((document) => files.delete(document.pk, document.id)));
    for (const result of removed) {
      if (result.status === 'rejected') {
        deps.log.error('Removing a refused work file failed', { disputeId: dispute.id, error: result.reason });
      }
    }
    await deleteReceivedBlobs(
      deps,
      'workfiles',
      received.map((file) => file.blobName),
    );
    throw error;
  }

  if (side === 'respondent' && dispute.status === 'Pending') {
    try {
      await changeDispute(
        deps,
        dispute.id,
        (current) => (current.status === 'Pending' ? { ...current, status: 'InProgress' } : undefined),
        dispute,
      );
    } catch (error) {
      // The files are stored; the status catches up with the respondent's next action.
      deps.log.error('Moving a case to InProgress after a work-file upload failed', { disputeId: dispute.id, error });
    }
  }

  await recordCallerAction(deps, caller, client, {
    action: 'UploadFile',
    entityType: 'WorkFile',
    entityId: dispute.id,
    details: `${side} side work files: ${describeFiles(received)}`,
  });
  // Text and OCR of scanned pages in the background, one queue message a file, so a claim or decision drawn
  // from them rarely waits.
  await queueUploadOcr(
    deps,
    documents.map((file) => ({ container: 'workfiles', disputeId: dispute.id, fileId: file.id })),
  );
  return documents.map(toWorkFileView);
}
