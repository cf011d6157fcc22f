import type { Deps } from '../../deps.js';
import { WriteOnceError } from '../../errors.js';
import { StoreConflictError, type Stored } from '../../ports/store.js';
import type { PaymentRecordDocument } from './payment-record-document.js';
import { renderPaymentRecord } from './render-payment-record.js';

/**
 * A receipt's or credit note's record and PDF, written once. The record is created first (a second writer
 * finds it and goes on with it); its PDF is rendered from the record and kept in the write-once container,
 * where a PDF already kept by an earlier or a concurrent attempt is the one that counts.
 */
export async function keepPaymentRecord(
  deps: Pick<Deps, 'store' | 'blobs'>,
  record: PaymentRecordDocument,
): Promise<{ record: Stored<PaymentRecordDocument>; pdf: Buffer }> {
  const records = deps.store.collection<PaymentRecordDocument>('fees');
  let stored: Stored<PaymentRecordDocument>;
  try {
    stored = await records.create(record);
  } catch (error) {
    const existing = error instanceof StoreConflictError ? await records.read(record.pk, record.id) : undefined;
    if (!existing) throw error;
    stored = existing;
  }
  const kept = await deps.blobs.downloadBuffer('records', stored.blobName);
  if (kept) return { record: stored, pdf: kept };
  const pdf = await renderPaymentRecord(stored.printed);
  try {
    await deps.blobs.upload('records', stored.blobName, pdf, { contentType: 'application/pdf' });
    return { record: stored, pdf };
  } catch (error) {
    if (!(error instanceof WriteOnceError)) throw error;
    // A concurrent attempt kept its rendering first: the same facts, and now the original.
    const original = await deps.blobs.downloadBuffer('records', stored.blobName);
    if (!original) throw error;
    return { record: stored, pdf: original };
  }
}
