import type { FeeQuote } from '@ratkaisu/core';
import { api } from '../../../api/api';

/** `GET /api/fees/quote` (public): the fees for an amount in dispute in euros, as typed, and a tribunal size. */
export function fetchFeeQuote(amountInDispute: string, tribunalSize: 1 | 3, signal?: AbortSignal): Promise<FeeQuote> {
  const query = new URLSearchParams({ amountInDispute, tribunalSize: String(tribunalSize) });
  return api.get<FeeQuote>(`/api/fees/quote?${query.toString()}`, { signal, redirectOnUnauthorized: false });
}
