import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { keepWriteOnce, keepWriteOnceJson, WRITE_ONCE_RECORD_NAMES } from '../../records/write-once-record.js';
import type { AwardDocument } from './award-document.js';

/**
 * The originals of what the tribunal and the parties have made final, kept where they cannot be overwritten
 * or deleted before their retention ends (records/write-once-record.ts; docs/operations.md "Write-once
 * records"). Each runs after the record it mirrors is written; a failure is logged, never thrown, since the
 * issuance, the seal or the receipt it follows already stands.
 */

/** An issued award, correction, interpretation, additional award or decision on a request: its signed PDF. */
export async function keepIssuedDocument(
  deps: Pick<Deps, 'blobs' | 'log'>,
  document: Pick<AwardDocument, 'id' | 'disputeId' | 'pdfBlobName' | 'pdfSha256'>,
): Promise<void> {
  await logFailure(deps, 'an issued document', { disputeId: document.disputeId, documentId: document.id }, async () => {
    const pdf = await deps.blobs.downloadBuffer('attachments', document.pdfBlobName);
    if (!pdf) throw new Error(`The issued PDF ${document.pdfBlobName} is missing.`);
    // Only the bytes that were issued (the SHA-256 the audit chain names) become the original.
    const actual = createHash('sha256').update(pdf).digest('hex');
    if (actual !== document.pdfSha256) throw new Error(`The stored PDF (sha256 ${actual}) is not the one issued.`);
    await keepWriteOnce(
      deps,
      WRITE_ONCE_RECORD_NAMES.issuedDocument(document.disputeId, document.id),
      pdf,
      'application/pdf',
    );
  });
}

/** An AI decision both parties accepted, as the service sealed it. */
export async function keepSealedDecision(
  deps: Pick<Deps, 'blobs' | 'log'>,
  decision: { disputeId: string; id: string; pdf: Uint8Array },
): Promise<void> {
  await logFailure(deps, 'a sealed decision', { disputeId: decision.disputeId, documentId: decision.id }, () =>
    keepWriteOnce(
      deps,
      WRITE_ONCE_RECORD_NAMES.sealedDecision(decision.disputeId, decision.id),
      Buffer.from(decision.pdf),
      'application/pdf',
    ),
  );
}

/**
 * A side's receipt (its first opening or acknowledgement): the date the §§ 38–39, 41 and 47 periods run from.
 * Named by the person's id only, never by name or address, so erasing a person leaves nothing here to erase.
 */
export async function keepReceipt(
  deps: Pick<Deps, 'blobs' | 'log'>,
  receipt: {
    disputeId: string;
    documentId: string;
    side: string;
    userId: string;
    at: string;
    how: string;
    sha256?: string;
  },
): Promise<void> {
  await logFailure(deps, 'a receipt', { disputeId: receipt.disputeId, documentId: receipt.documentId }, () =>
    keepWriteOnceJson(deps, WRITE_ONCE_RECORD_NAMES.receipt(receipt.disputeId, receipt.documentId, receipt.side), {
      ...receipt,
    }),
  );
}

async function logFailure(
  deps: Pick<Deps, 'log'>,
  what: string,
  context: Record<string, string>,
  keep: () => Promise<unknown>,
): Promise<void> {
  try {
    await keep();
  } catch (error) {
    deps.log.error(`Keeping the write-once original of ${what} failed`, { ...context, error });
  }
}
