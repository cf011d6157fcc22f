import {
  adminPaymentsSearchParams,
  type AdminPaymentsOverview,
  type AdminPaymentsQuery,
  type BankStatementImportView,
  type PromoCodeView,
} from '@ratkaisu/core';
import { api } from '../../../api/api';

/* The Payments tab's calls (docs/fees.md "What administrators see", "Promo codes"). */

const BASE = '/api/superadmin';

/** The path with the filters set, as the server reads them (core admin-payments-query.ts). */
function withQuery(path: string, query: AdminPaymentsQuery): string {
  const params = adminPaymentsSearchParams(query).toString();
  return params ? `${path}?${params}` : path;
}

export const getAdminPayments = (query: AdminPaymentsQuery, signal?: AbortSignal) =>
  api.get<AdminPaymentsOverview>(withQuery(`${BASE}/payments`, query), { signal });
/** The CSV of the same filters as the list shown. */
export const downloadPaymentsCsv = (query: AdminPaymentsQuery) => api.blob(withQuery(`${BASE}/payments/export`, query));

/** What the promo code form sends; the server validates it whole. */
export interface PromoCodeBody {
  code: string;
  discount: { kind: 'percentage'; percent: number } | { kind: 'fixed'; cents: number };
  validFrom?: string;
  validUntil?: string;
  maxUses?: number;
  tenantId?: string;
}

export const listPromoCodes = (signal?: AbortSignal) => api.get<PromoCodeView[]>(`${BASE}/promo-codes`, { signal });
export const createPromoCode = (body: PromoCodeBody) => api.post<PromoCodeView>(`${BASE}/promo-codes`, body);
export const disablePromoCode = (code: string) =>
  api.post<PromoCodeView>(`${BASE}/promo-codes/${encodeURIComponent(code)}/disable`);

/**
 * A camt.054 statement as the XML body (docs/fees.md "Bank statements"). The file is sent as a Blob typed
 * `application/xml`, whatever type the browser guessed for it, since the route refuses any other content type.
 */
export const importBankStatement = (file: Blob) =>
  api.post<BankStatementImportView>(`${BASE}/payments/bank-statement`, file.slice(0, file.size, 'application/xml'));

/** What the mark-paid route answers. */
export interface MarkPaidAnswer {
  paymentId: string;
  status: string;
  receipt: { number: string } | null;
}

export const markPaymentPaid = (paymentId: string, reason: string) =>
  api.post<MarkPaidAnswer>(`${BASE}/payments/${encodeURIComponent(paymentId)}/mark-paid`, { reason });
