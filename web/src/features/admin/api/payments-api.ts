import type { AdminPaymentsOverview, PromoCodeView } from '@ratkaisu/core';
import { api } from '../../../api/api';

/* The Payments tab's calls (docs/fees.md "What administrators see", "Promo codes"). */

const BASE = '/api/superadmin';

export const getAdminPayments = (signal?: AbortSignal) =>
  api.get<AdminPaymentsOverview>(`${BASE}/payments`, { signal });
export const downloadPaymentsCsv = () => api.blob(`${BASE}/payments/export`);

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
