import { MAX_FILES_PER_PHASE, type WorkFileView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { BaseDoc, Stored } from '../../ports/store.js';
import type { Side } from '../disputes/dispute-document.js';

export const WORK_FILES_FULL_MESSAGE = refusal('uploads.workFilesFull', { maxFiles: MAX_FILES_PER_PHASE }).message;

/**
 * A work file (docs/product.md section 3): supporting material of one side of a case,
 * never shown to the other side. One document per file in the 'files'
 * collection, partitioned by the case, so a side's files are one
 * single-partition query.
 */
export interface WorkFileDocument extends BaseDoc {
  disputeId: string;
  side: Side;
  /** Sanitised display name. */
  fileName: string;
  /** Generated blob name in the 'workfiles' container. */
  blobName: string;
  size: number;
  dateCreated: string;
  /** Id of the user who uploaded it. */
  uploadedBy: string;
  /** SHA-256 of the content (hex), computed while it streamed in; absent on older records. */
  sha256?: string;
}

export function toWorkFileView(file: WorkFileDocument): WorkFileView {
  return { id: file.id, fileName: file.fileName, dateCreated: file.dateCreated, size: file.size };
}

/** One side's work files in a case, newest first. */
export async function listSideWorkFiles(
  deps: Pick<Deps, 'store'>,
  disputeId: string,
  side: Side,
): Promise<Stored<WorkFileDocument>[]> {
  const files = deps.store.collection<WorkFileDocument>('files');
  const items: Stored<WorkFileDocument>[] = [];
  let continuation: string | undefined;
  do {
    const page = await files.query({
      partitionKey: disputeId,
      // The partition again as a condition: not every store honours the partition option (the Cosmos emulator used in tests).
      where: [
        { field: 'pk', op: '=', value: disputeId },
        { field: 'side', op: '=', value: side },
      ],
      orderBy: { field: 'dateCreated', direction: 'desc' },
      limit: 1000,
      ...(continuation ? { continuation } : {}),
    });
    items.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return items;
}

/** A work file of the caller's side; another side's file is answered like a missing one. */
export async function readSideWorkFile(
  deps: Pick<Deps, 'store'>,
  disputeId: string,
  side: Side,
  fileId: string,
): Promise<Stored<WorkFileDocument>> {
  const file = await deps.store.collection<WorkFileDocument>('files').read(disputeId, fileId);
  if (!file || file.disputeId !== disputeId || file.side !== side)
    throw new NotFoundError(refusal('uploads.fileNotFound'));
  return file;
}
