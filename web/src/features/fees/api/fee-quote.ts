import type { DisputeView, DuePaymentBody, FeeQuote, PaymentAmountView, TestCheckoutView } from '@ratkaisu/core';
import { api } from '../../../api/api';

/** `GET /api/fees/quote` (public): the fees for an amount in dispute in euros, as typed, and a tribunal size. */
export function fetchFeeQuote(amountInDispute: string, tribunalSize: 1 | 3, signal?: AbortSignal): Promise<FeeQuote> {
  const query = new URLSearchParams({ amountInDispute, tribunalSize: String(tribunalSize) });
  return api.get<FeeQuote>(`/api/fees/quote?${query.toString()}`, { signal, redirectOnUnauthorized: false });
}

/** `GET /api/payments/test/{id}` (public): what the built-in test checkout asks for. */
export function fetchTestCheckout(paymentId: string, signal?: AbortSignal): Promise<TestCheckoutView> {
  return api.get<TestCheckoutView>(`/api/payments/test/${encodeURIComponent(paymentId)}`, {
    signal,
    redirectOnUnauthorized: false,
  });
}

/** `POST /api/payments/test/{id}/pay`: the test checkout's Pay button; the server settles it as a notification. */
export function payTestCheckout(paymentId: string): Promise<{ outcome: string; status?: string }> {
  return api.post<{ outcome: string; status?: string }>(
    `/api/payments/test/${encodeURIComponent(paymentId)}/pay`,
    undefined,
    {
      redirectOnUnauthorized: false,
    },
  );
}

/** `PUT /api/dispute/{id}/amount-in-dispute`: the claimant's amount in dispute, euros as typed (blank clears it). */
export function putAmountInDispute(disputeId: string, amountInDispute: string): Promise<DisputeView> {
  return api.put<DisputeView>(`/api/dispute/${encodeURIComponent(disputeId)}/amount-in-dispute`, { amountInDispute });
}

/**
 * `POST /api/dispute/{id}/tribunal/advance/{side}/pay`: the caller's party pays the other side's share of the
 * tribunal's advance; answers the payment, now the caller's.
 */
export async function payOtherPartyShare(disputeId: string, side: 'claimant' | 'respondent'): Promise<DuePaymentBody> {
  const answer = await api.post<{ data: DuePaymentBody }>(
    `/api/dispute/${encodeURIComponent(disputeId)}/tribunal/advance/${side}/pay`,
    undefined,
  );
  return answer.data;
}

/** `POST /api/payments/{id}/promo-code`: the payer enters a promo code; answers the payment's new amounts. */
export function enterPromoCode(paymentId: string, code: string): Promise<PaymentAmountView> {
  return api.post<PaymentAmountView>(`/api/payments/${encodeURIComponent(paymentId)}/promo-code`, { code });
}

/** `GET /api/payments/{id}/invoice`: the invoice PDF (the bearer token goes with the call, never in a URL). */
export function downloadInvoice(invoiceUrl: string): Promise<Blob> {
  return api.blob(invoiceUrl);
}
