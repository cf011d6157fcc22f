import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Deps } from '../../deps.js';
import type { BlobContainer } from '../../ports/blobs.js';
import { WRITE_ONCE_RECORD_NAMES } from '../../records/write-once-record.js';
import type { AwardDocument } from './award-document.js';

type OriginalDeps = Pick<Deps, 'store' | 'blobs' | 'log'>;

/** Where a document's write-once original is kept, or undefined when the document is no write-once record. */
function originalName(award: AwardDocument): string | undefined {
  if (award.kind === 'aiDecision') {
    return award.sealedAt ? WRITE_ONCE_RECORD_NAMES.sealedDecision(award.disputeId, award.id) : undefined;
  }
  return award.status === 'Issued' ? WRITE_ONCE_RECORD_NAMES.issuedDocument(award.disputeId, award.id) : undefined;
}

/**
 * The bytes a download of a case's document serves (docs/operations.md "Write-once records"): for an issued
 * award, correction, interpretation, additional award or decision on a request, and for a sealed accepted
 * decision, the original in the write-once `records` container, once its SHA-256 matches the one on the
 * document's record — so a working copy in 'attachments' changed or lost behind the service's back never
 * reaches a party. Anything else (a filed document, a draft, an AI decision not sealed) is read from
 * `container` as before; so is a record issued before the container existed (or whose original is not
 * there yet: the daily sweep writes it), which is logged. A working copy that does not match the record
 * either is served only when there is nothing better, and logged as an error.
 */
export async function readServedDocument(
  deps: OriginalDeps,
  container: BlobContainer,
  blobName: string | undefined,
  document: { disputeId: string; documentId: string },
): Promise<Buffer | undefined> {
  const award = await deps.store.collection<AwardDocument>('awards').read(document.disputeId, document.documentId);
  const name = award ? originalName(award) : undefined;
  if (award && name) {
    const original = await deps.blobs.downloadBuffer('records', name);
    if (original && sha256(original) === award.pdfSha256) return original;
    deps.log[original ? 'error' : 'warn'](
      original
        ? 'A write-once original does not match its record; serving the working copy'
        : 'No write-once original (issued before the records container existed, or not kept yet); serving the working copy',
      { disputeId: award.disputeId, documentId: award.id, original: name },
    );
  }
  return blobName ? deps.blobs.downloadBuffer(container, blobName) : undefined;
}

/** As readServedDocument, as a stream with its size (the streamed download routes). */
export async function openServedDocument(
  deps: OriginalDeps,
  container: BlobContainer,
  blobName: string | undefined,
  document: { disputeId: string; documentId: string },
): Promise<{ stream: Readable; size: number } | undefined> {
  const bytes = await readServedDocument(deps, container, blobName, document);
  return bytes ? { stream: Readable.from([bytes]), size: bytes.length } : undefined;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
