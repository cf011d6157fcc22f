import type { Deps } from '../../deps.js';
import type { Filter } from '../../ports/store.js';
import { WRITE_ONCE_RECORD_NAMES } from '../../records/write-once-record.js';
import type { AwardDocument } from './award-document.js';
import { keepIssuedDocument, keepReceipt, keepSealedDecision } from './keep-write-once-originals.js';

const PAGE = 200;

/**
 * The daily timer's repair of the write-once originals (docs/operations.md "Write-once records"): an issued
 * document, a sealed decision or a receipt of a signed document whose original is missing from `records` —
 * written before this existed, or its write failed when the record was made (keep-write-once-originals.ts
 * logs and carries on) — is kept now. What is there already is left alone: the container refuses a second
 * write anyway. Answers how many it looked at and how many it wrote.
 */
export async function sweepWriteOnceOriginals(
  deps: Pick<Deps, 'store' | 'blobs' | 'log'>,
  signal?: AbortSignal,
): Promise<{ checked: number; kept: number }> {
  let checked = 0;
  let kept = 0;
  const missing = async (name: string) => {
    checked++;
    return !(await deps.blobs.properties('records', name));
  };
  const keep = async (name: string, write: () => Promise<void>) => {
    await write();
    if (await deps.blobs.properties('records', name)) kept++;
  };

  for await (const award of pages(deps, [{ field: 'status', op: '=', value: 'Issued' }], signal)) {
    if (award.kind === 'aiDecision') continue;
    const name = WRITE_ONCE_RECORD_NAMES.issuedDocument(award.disputeId, award.id);
    if (await missing(name)) await keep(name, () => keepIssuedDocument(deps, award));
    for (const receipt of award.partyReceipts ?? []) {
      const receiptName = WRITE_ONCE_RECORD_NAMES.receipt(award.disputeId, award.id, receipt.side);
      if (!(await missing(receiptName))) continue;
      await keep(receiptName, () =>
        keepReceipt(deps, {
          disputeId: award.disputeId,
          documentId: award.id,
          side: receipt.side,
          userId: receipt.userId,
          at: receipt.at,
          how: receipt.how,
          sha256: award.pdfSha256,
        }),
      );
    }
  }
  for await (const decision of pages(deps, [{ field: 'sealedAt', op: 'exists', value: true }], signal)) {
    if (decision.kind !== 'aiDecision') continue;
    const name = WRITE_ONCE_RECORD_NAMES.sealedDecision(decision.disputeId, decision.id);
    if (!(await missing(name))) continue;
    const pdf = await deps.blobs.downloadBuffer('attachments', decision.pdfBlobName);
    if (!pdf) {
      deps.log.error('A sealed decision has no PDF to keep write-once', { disputeId: decision.disputeId });
      continue;
    }
    await keep(name, () => keepSealedDecision(deps, { disputeId: decision.disputeId, id: decision.id, pdf }));
  }
  return { checked, kept };
}

async function* pages(
  deps: Pick<Deps, 'store'>,
  where: Filter[],
  signal: AbortSignal | undefined,
): AsyncGenerator<AwardDocument> {
  const awards = deps.store.collection<AwardDocument>('awards');
  let continuation: string | undefined;
  do {
    signal?.throwIfAborted();
    const page = await awards.query({ where, limit: PAGE, ...(continuation ? { continuation } : {}) });
    yield* page.items;
    continuation = page.continuation;
  } while (continuation);
}
