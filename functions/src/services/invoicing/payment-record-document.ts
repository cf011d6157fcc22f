import { WRITE_ONCE_RECORD_NAMES } from '../../records/write-once-record.js';
import type { BaseDoc } from '../../ports/store.js';
import type { PrintedRecord } from './render-payment-record.js';

/**
 * A receipt or a credit note as issued ('fees' collection, partition `records:<payer's user id>`, id
 * `<seller's business ID digits>-<number>`): everything it prints, fixed when it is issued, so a retried step
 * prints the same, and the name of its PDF in the write-once 'records' container. The partition is the payer's,
 * so the payer's list and download read only the payer's own.
 */
export interface PaymentRecordDocument extends BaseDoc {
  kind: 'receipt' | 'creditNote';
  number: string;
  paymentId: string;
  tenantId: string;
  disputeId: string;
  payerUserId: string;
  /** VAT included; a credit note's is what it credits. */
  grossCents: number;
  issuedAt: string;
  printed: PrintedRecord;
  blobName: string;
  fileName: string;
}

export const recordsPartition = (payerUserId: string) => `records:${payerUserId}`;

/** Where a receipt's or credit note's PDF is kept for good (write-once 'records' container). */
export const paymentRecordBlobName = WRITE_ONCE_RECORD_NAMES.paymentRecord;
