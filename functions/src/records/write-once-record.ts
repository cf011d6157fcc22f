import { createHash } from 'node:crypto';
import type { Deps } from '../deps.js';
import { WriteOnceError } from '../errors.js';

/**
 * The originals kept in the write-once container (ports/blobs.ts WRITE_ONCE_CONTAINERS; docs/operations.md
 * "Write-once records"). The case's own copies (in 'attachments', in the store) are what the screens and
 * downloads read; these are the ones nobody can overwrite or delete before their retention ends, so an
 * issued award outlives a mistaken delete, a retention sweep and a tenant's deletion. Each name is fixed by
 * what it records, so a retried step writes the same name and a sweep or an export can find it.
 */
export const WRITE_ONCE_RECORD_NAMES = {
  /** An issued award, correction, interpretation, additional award or decision on a request: the signed PDF. */
  issuedDocument: (disputeId: string, documentId: string) => `issued/${disputeId}/${documentId}.pdf`,
  /** An AI decision both parties accepted, as the service sealed it. */
  sealedDecision: (disputeId: string, decisionId: string) => `sealed/${disputeId}/${decisionId}.pdf`,
  /** A side's receipt of a decision or a signed document of the tribunal (one per side: the first). */
  receipt: (disputeId: string, documentId: string, side: string) => `receipts/${disputeId}/${documentId}/${side}.json`,
  /** A receipt or credit note for a payment, as mailed to the payer (docs/fees.md): an accounting voucher. */
  paymentRecord: (documentId: string) => `payment-records/${documentId}.pdf`,
  /** A checkpoint of an audit chain: where the pruned chain now starts. */
  auditCheckpoint: (chain: string, seq: number) => `audit-checkpoints/${chain}/${seq}.json`,
  /** Every record of one case, for a sweep or an export (audit checkpoints belong to a tenant's chain). */
  casePrefixes: (disputeId: string) => [`issued/${disputeId}/`, `sealed/${disputeId}/`, `receipts/${disputeId}/`],
} as const;

export type WriteOnceOutcome = 'written' | 'already-kept';

/**
 * Writes `body` to the write-once container under `name`. A retry of the same step finds its record there
 * with the same bytes ('already-kept'); a different record under the name is refused (WriteOnceError), as
 * the container refuses every overwrite.
 */
export async function keepWriteOnce(
  deps: Pick<Deps, 'blobs'>,
  name: string,
  body: Buffer,
  contentType: string,
): Promise<WriteOnceOutcome> {
  try {
    await deps.blobs.upload('records', name, body, { contentType, metadata: { sha256: sha256(body) } });
    return 'written';
  } catch (error) {
    if (!(error instanceof WriteOnceError)) throw error;
    const kept = await deps.blobs.downloadBuffer('records', name);
    if (kept && kept.equals(body)) return 'already-kept';
    throw error;
  }
}

/** A JSON record, serialised the same way every time, so a retried write of the same facts is the same bytes. */
export function keepWriteOnceJson(
  deps: Pick<Deps, 'blobs'>,
  name: string,
  facts: Record<string, string | number | boolean>,
): Promise<WriteOnceOutcome> {
  const ordered = Object.fromEntries(Object.entries(facts).sort(([a], [b]) => a.localeCompare(b)));
  return keepWriteOnce(deps, name, Buffer.from(`${JSON.stringify(ordered)}\n`, 'utf8'), 'application/json');
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
