import type { AuditLogEntryView } from '@ratkaisu/core';

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

/** RFC 4180 ends every record with CRLF. */
const CRLF = '\r\n';

/**
 * One CSV cell. Entries hold text users typed (names, sign-in names), so a
 * cell a spreadsheet would read as a formula (starting with = + - @, or a tab
 * or carriage return that some spreadsheets skip before one) is prefixed with
 * an apostrophe (OWASP's CSV injection advice). Then RFC 4180: a cell holding
 * a quote, comma or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | boolean | undefined | null): string {
  if (value === undefined || value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsvHeader(): string {
  return AUDIT_CSV_COLUMNS.map(([header]) => csvCell(header)).join(',') + CRLF;
}

export function auditCsvRow(entry: AuditLogEntryView): string {
  return AUDIT_CSV_COLUMNS.map(([, field]) => csvCell(entry[field])).join(',') + CRLF;
}
