import type { PaymentRecordView } from '@ratkaisu/core';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { recordsPartition, type PaymentRecordDocument } from './payment-record-document.js';

/** `GET /user/receipts`: the caller's receipts and credit notes, newest first (the account page's card). */
export async function listPaymentRecords(deps: Pick<Deps, 'store'>, caller: Caller): Promise<PaymentRecordView[]> {
  const views: PaymentRecordView[] = [];
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<PaymentRecordDocument>('fees').query({
      partitionKey: recordsPartition(caller.userId),
      orderBy: { field: 'issuedAt', direction: 'desc' },
      limit: 200,
      ...(continuation ? { continuation } : {}),
    });
    for (const record of page.items) {
      views.push({
        id: record.id,
        kind: record.kind,
        number: record.number,
        issuedAt: record.issuedAt,
        grossCents: record.grossCents,
        vatCents: record.printed.line.vatCents,
        caseNumber: record.printed.caseNumber,
        paymentId: record.paymentId,
      });
    }
    continuation = page.continuation;
  } while (continuation);
  return views;
}

/**
 * `GET /user/receipts/{id}/pdf`: the kept PDF of one of the caller's own receipts or credit notes (another's is
 * not found: the record is looked up in the caller's partition only). Audited.
 */
export async function downloadPaymentRecord(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  caller: Caller,
  id: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const record = await deps.store.collection<PaymentRecordDocument>('fees').read(recordsPartition(caller.userId), id);
  const pdf = record ? await deps.blobs.downloadBuffer('records', record.blobName) : undefined;
  if (!record || !pdf) throw new NotFoundError();
  await recordAudit(deps, {
    action: 'DownloadReceipt',
    entityType: 'Payment',
    entityId: record.paymentId,
    userId: caller.userId,
    tenantId: record.tenantId,
    success: true,
    details: record.number,
  });
  return { pdf, fileName: record.fileName };
}
