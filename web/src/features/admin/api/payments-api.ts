import {
  adminPaymentsSearchParams,
  type AdminPaymentsOverview,
  type AdminPaymentsQuery,
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
