import { finnishDate, type AdminPaymentView } from '@ratkaisu/core';
import { stringify } from 'csv-stringify/sync';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Deps } from '../../deps.js';
import { adminScopeOf } from '../../records/admin-scope.js';
import { auditedAction } from '../audit/audited-action.js';
import { adminPaymentsInScope, parseAdminPaymentsQuery } from './list-admin-payments.js';

/** Excel and Finnish bookkeeping programs read the file as UTF-8 (ä, ö in names) only after a byte-order mark. */
const UTF8_BOM = '\uFEFF';

/** The export's columns: header and cell. Amounts in euros with a decimal comma, dates as Finnish days. */
const COLUMNS: readonly (readonly [string, (payment: AdminPaymentView) => string | number | undefined])[] = [
  ['Payment', (p) => p.id],
  ['Tenant', (p) => p.tenantId],
  ['Case number', (p) => p.caseNumber],
  ['Purpose', (p) => p.purpose],
  ['Payer', (p) => p.payer.name],
  ['Payer email', (p) => p.payer.email],
  ['Status', (p) => p.status],
  ['Method', (p) => p.method],
  ['Created', (p) => finnishDate(new Date(p.createdAt))],
  ['Paid', (p) => (p.paidAt ? finnishDate(new Date(p.paidAt)) : undefined)],
  ['Net EUR', (p) => euros(p.netCents)],
  ['VAT EUR', (p) => euros(p.vatCents)],
  ['Gross EUR', (p) => euros(p.grossCents)],
  ['Received EUR', (p) => euros(p.receivedCents)],
  ['Reverse charge', (p) => (p.reverseCharge ? 'yes' : 'no')],
  ['Promo code', (p) => p.promoCode],
  ['Receipt', (p) => p.receiptNumber],
];

/** Cents as euros with a decimal comma, by the digits: 75300 → "753,00". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)},${String(whole % 100).padStart(2, '0')}`;
}

/**
 * `GET /api/superadmin/payments/export` (docs/fees.md "What administrators see"): the payments in the
 * caller's scope and the list's filters (the same query string) for bookkeeping, as the CSV Finnish bookkeeping imports expect — semicolon-separated, UTF-8
 * with a byte-order mark, CRLF, amounts with a decimal comma; a cell a spreadsheet would read as a formula is
 * prefixed with an apostrophe. Audited (ExportPayments).
 */
export async function exportPaymentsCsv(
  deps: Deps,
  caller: Caller,
  client: ClientInfo,
  input: Record<string, string> = {},
): Promise<{ fileName: string; csv: string }> {
  const query = parseAdminPaymentsQuery(input);
  const filters = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${String(value)}`);
  return auditedAction(deps, caller, client, { action: 'ExportPayments', entityType: 'Payment' }, async (note) => {
    const scope = adminScopeOf(caller);
    if (scope.kind === 'tenant') note.tenantId = scope.tenantId;
    const payments = await adminPaymentsInScope(deps, caller, query);
    note.details = `CSV export of ${payments.length} payments${filters.length ? ` (${filters.join(', ')})` : ''}`;
    const rows = [COLUMNS.map(([header]) => header), ...payments.map((p) => COLUMNS.map(([, cell]) => cell(p)))];
    const csv = stringify(rows, {
      delimiter: ';',
      record_delimiter: 'windows',
      escape_formulas: true,
      quoted_match: /[\r\n]/,
    });
    return { fileName: `payments-${finnishDate(deps.clock.now())}.csv`, csv: UTF8_BOM + csv };
  });
}
