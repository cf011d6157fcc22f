import type { PaymentRecordView } from '@ratkaisu/core';
import { api } from '../../../api/api';

/** GET /user/receipts: the caller's receipts and credit notes, newest first. */
export function fetchReceipts(signal?: AbortSignal): Promise<PaymentRecordView[]> {
  return api.get<PaymentRecordView[]>('/user/receipts', { signal });
}

/** GET /user/receipts/{id}/pdf: one of them, as kept. */
export function downloadReceipt(id: string): Promise<Blob> {
  return api.blob(`/user/receipts/${encodeURIComponent(id)}/pdf`);
}
