import { z } from 'zod';
import type { AdminPaymentView } from '../api/payments.js';
import { finnishDate } from './promo-code.js';

/** The longest search text the Payments tab sends: a case number, a name or an e-mail address. */
export const ADMIN_PAYMENTS_SEARCH_MAX = 100;

const optionalText = z
  .string()
  .trim()
  .max(ADMIN_PAYMENTS_SEARCH_MAX)
  .optional()
  .transform((value) => (value ? value : undefined));

/** An empty query parameter (`?status=`) means no filter, as the tab's "All" sends it. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.enum(values).optional());

/**
 * The query string of `GET /api/superadmin/payments` and its CSV export (docs/fees.md "What administrators
 * see"): `status` (open, paid, expired), `method` (card, invoice), `month` (YYYY-MM) and `q`, a case number or
 * a payer's name or e-mail address (any part of it, any case). Every one is optional; together they all hold.
 */
export const adminPaymentsQuerySchema = z.object({
  status: optionalChoice(['open', 'paid', 'expired'] as const),
  method: optionalChoice(['card', 'invoice'] as const),
  month: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a calendar month, YYYY-MM.')
      .optional(),
  ),
  q: optionalText,
});

/** Every filter optional (the schema answers `q: undefined` for an empty one). */
export type AdminPaymentsQuery = Partial<z.output<typeof adminPaymentsQuerySchema>>;

/**
 * The Finnish calendar month a payment belongs to for the filter: the month it was paid in once paid — so
 * `status=paid&month=…` lists exactly what the VAT return's row of that month counts — else the month it was
 * opened in.
 */
export function adminPaymentMonth(payment: Pick<AdminPaymentView, 'createdAt' | 'paidAt'>): string {
  return finnishDate(new Date(payment.paidAt ?? payment.createdAt)).slice(0, 7);
}

/** Whether a payment passes every filter of the query. */
export function matchesAdminPaymentsQuery(payment: AdminPaymentView, query: AdminPaymentsQuery): boolean {
  if (query.status && payment.status !== query.status) return false;
  if (query.method && payment.method !== query.method) return false;
  if (query.month && adminPaymentMonth(payment) !== query.month) return false;
  if (query.q) {
    const needle = query.q.toLocaleLowerCase('fi');
    const haystack = [payment.caseNumber, payment.payer.name, payment.payer.email];
    if (!haystack.some((text) => text?.toLocaleLowerCase('fi').includes(needle))) return false;
  }
  return true;
}

/** The query as URL parameters, without the filters not set (the tab's list and its CSV link use the same). */
export function adminPaymentsSearchParams(query: AdminPaymentsQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['status', 'method', 'month', 'q'] as const) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  return params;
}
