import type { AuditLogEntryView, AuditLogPage, AuditLogQuery } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { BaseDoc, Filter, OrderBy } from '../../ports/store.js';
import { adminScopeOf } from '../../records/admin-scope.js';
import { auditedAction } from './audited-action.js';
import type { AuditDocument } from '../../records/audit-document.js';
import { auditLogConditions, describeAuditLogFilters, toAuditLogEntryView } from './audit-log-filters.js';

/** Newest first; ids begin with the time in milliseconds, so id order is time order with a stable tie-break. */
export const NEWEST_FIRST: OrderBy = { field: 'id', direction: 'desc' };
const STORE_PAGE = 1000;

/**
 * `GET /api/superadmin/security-logs`: one page of the entries the caller may
 * see (a SuperAdmin all, an Admin their tenant's), newest first, with how many
 * match in all. Looking is itself recorded (ViewAuditLogs).
 */
export async function listAuditEntries(
  deps: Deps,
  caller: Caller,
  query: AuditLogQuery,
  client: ClientInfo,
): Promise<AuditLogPage> {
  const { page, pageSize, ...filters } = query;
  return auditedAction(deps, caller, client, { action: 'ViewAuditLogs', entityType: 'AuditLog' }, async (note) => {
    const where = auditLogConditions(adminScopeOf(caller), filters);
    const collection = deps.store.collection<AuditDocument>('audit');
    const totalCount = await collection.count({ where });
    const skip = (page - 1) * pageSize;
    // A page past the end is empty: no need to read every entry to find that out.
    const entries = skip < totalCount ? await readPage(deps, where, skip, pageSize) : [];
    note.details = `${describeAuditLogFilters(filters)}; page ${page} of size ${pageSize}; ${totalCount} matching`;
    return { items: await withCaseNumbers(deps, entries.map(toAuditLogEntryView)), totalCount, page, pageSize };
  });
}

/** The one field of a case record read here (the audit domain does not import the disputes domain). */
interface CaseNumberOnly extends BaseDoc {
  caseNumber?: string;
}

/** Entries about a case carry its case number (one read per case on the page), so the tab shows RAT-… not ids. */
async function withCaseNumbers(deps: Pick<Deps, 'store'>, items: AuditLogEntryView[]): Promise<AuditLogEntryView[]> {
  const ids = [
    ...new Set(items.filter((item) => item.entityType === 'Dispute' && item.entityId).map((i) => i.entityId!)),
  ];
  const disputes = deps.store.collection<CaseNumberOnly>('disputes');
  const numbers = new Map<string, string>();
  for (const id of ids) {
    const caseNumber = (await disputes.read(id, id))?.caseNumber;
    if (caseNumber) numbers.set(id, caseNumber);
  }
  return items.map((item) => {
    const caseNumber = item.entityType === 'Dispute' && item.entityId ? numbers.get(item.entityId) : undefined;
    return caseNumber ? { ...item, caseNumber } : item;
  });
}

/**
 * `take` entries after the first `skip`. The store pages by continuation, not
 * by offset (Cosmos DB's OFFSET costs as much as reading the skipped entries
 * anyway), so the skipped entries are read in large pages and dropped.
 */
async function readPage(deps: Deps, where: Filter[], skip: number, take: number): Promise<AuditDocument[]> {
  const found: AuditDocument[] = [];
  let toSkip = skip;
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<AuditDocument>('audit').query({
      where,
      orderBy: NEWEST_FIRST,
      limit: Math.min(STORE_PAGE, toSkip + take - found.length),
      ...(continuation ? { continuation } : {}),
    });
    const dropped = Math.min(toSkip, page.items.length);
    toSkip -= dropped;
    found.push(...page.items.slice(dropped, dropped + take - found.length));
    continuation = page.continuation;
  } while (continuation && found.length < take);
  return found;
}
