import { Readable } from 'node:stream';
import { formatIsoDate } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { Filter } from '../../ports/store.js';
import { adminScopeOf } from '../../records/admin-scope.js';
import { auditedAction } from './audited-action.js';
import { auditCsvHeader, auditCsvRow } from './audit-csv.js';
import type { AuditDocument } from '../../records/audit-document.js';
import {
  auditLogConditions,
  describeAuditLogFilters,
  toAuditLogEntryView,
  type AuditLogFilters,
} from './audit-log-filters.js';
import { NEWEST_FIRST } from './list-audit-entries.js';

const STORE_PAGE = 1000;
/** Excel reads a CSV file as UTF-8 (ä, ö, å in names) only when it starts with a byte-order mark. */
const UTF8_BOM = '\uFEFF';

export interface AuditCsvExport {
  fileName: string;
  /** The CSV text, produced page by page as it is sent, so a large log is never held in memory. */
  stream: Readable;
  entryCount: number;
}

/**
 * `GET /api/superadmin/security-logs/export`: every entry the Audit Logs
 * filters select (within the caller's scope), newest first, as CSV with a
 * header row. The export is recorded (ViewAuditLogs) before it starts.
 */
export async function exportAuditEntries(
  deps: Deps,
  caller: Caller,
  filters: AuditLogFilters,
  client: ClientInfo,
): Promise<AuditCsvExport> {
  const { where, entryCount } = await auditedAction(
    deps,
    caller,
    client,
    { action: 'ViewAuditLogs', entityType: 'AuditLog' },
    async (note) => {
      note.failureDetails = 'CSV export';
      const conditions = auditLogConditions(adminScopeOf(caller), filters);
      const count = await deps.store.collection<AuditDocument>('audit').count({ where: conditions });
      note.details = `CSV export of ${count} entries; ${describeAuditLogFilters(filters)}`;
      return { where: conditions, entryCount: count };
    },
  );
  const day = formatIsoDate(deps.clock.now());
  return { fileName: `audit-log-${day}.csv`, stream: Readable.from(csvLines(deps, where)), entryCount };
}

async function* csvLines(deps: Deps, where: Filter[]): AsyncGenerator<Buffer> {
  yield Buffer.from(UTF8_BOM + auditCsvHeader(), 'utf8');
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<AuditDocument>('audit').query({
      where,
      orderBy: NEWEST_FIRST,
      limit: STORE_PAGE,
      ...(continuation ? { continuation } : {}),
    });
    if (page.items.length > 0) {
      yield Buffer.from(page.items.map((entry) => auditCsvRow(toAuditLogEntryView(entry))).join(''), 'utf8');
    }
    continuation = page.continuation;
  } while (continuation);
}
