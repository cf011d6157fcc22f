import type { AuditLogEntryView } from '@ratkaisu/core';
import { stringify, type Options } from 'csv-stringify/sync';

/** The export's columns, in order: header text and the entry field it shows. */
export const AUDIT_CSV_COLUMNS = [
  ['Timestamp (UTC)', 'timestamp'],
  ['Action', 'action'],
  ['User ID', 'userId'],
  ['User Email', 'userEmail'],
  ['Entity Type', 'entityType'],
  ['Entity ID', 'entityId'],
  ['Success', 'success'],
  ['IP Address', 'ipAddress'],
  ['Details', 'details'],
  ['Error Message', 'errorMessage'],
  ['Tenant ID', 'tenantId'],
] as const satisfies readonly (readonly [string, keyof AuditLogEntryView])[];

/**
 * RFC 4180 through csv-stringify: CRLF after every record, a cell holding a quote, comma or line break
 * quoted with its quotes doubled (a lone CR too: `quoted_match`, which csv-stringify's CRLF check misses).
 * Entries hold text users typed (names, sign-in names), so a cell a spreadsheet would read as a formula
 * (starting with = + - @, or a tab or carriage return that some spreadsheets skip before one) is prefixed
 * with an apostrophe (`escape_formulas`, OWASP's CSV injection advice).
 */
const CSV_OPTIONS: Options = {
  record_delimiter: 'windows',
  escape_formulas: true,
  quoted_match: /[\r\n]/,
  cast: { boolean: (value) => String(value) },
};

type Cell = string | number | boolean | undefined | null;

function csvRecord(cells: readonly Cell[]): string {
  return stringify([cells], CSV_OPTIONS);
}

/** One CSV cell, as it appears in a record (without the record's CRLF). */
export function csvCell(value: Cell): string {
  return csvRecord([value]).slice(0, -2);
}

export function auditCsvHeader(): string {
  return csvRecord(AUDIT_CSV_COLUMNS.map(([header]) => header));
}

/** What an erased personal field's cell says (docs/data-subject-rights.md). */
export const ERASED_CELL = '[erased]';

export function auditCsvRow(entry: AuditLogEntryView): string {
  const erased = new Set<string>(entry.erased ?? []);
  return csvRecord(AUDIT_CSV_COLUMNS.map(([, field]) => (erased.has(field) ? ERASED_CELL : (entry[field] as Cell))));
}
