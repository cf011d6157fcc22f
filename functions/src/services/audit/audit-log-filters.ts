import { type AuditLogEntryView, type AuditLogQuery, refusal } from '@ratkaisu/core';
import { ValidationError } from '../../errors.js';
import type { Filter } from '../../ports/store.js';
import { tenantFilter, type AdminScope } from '../../records/admin-scope.js';
import { AUDIT_ACTIONS, erasedAuditFields, type AuditDocument } from '../../records/audit-document.js';

/** The filters of the Audit Logs tab without paging: what the list and the export share. */
export type AuditLogFilters = Omit<AuditLogQuery, 'page' | 'pageSize'>;

/**
 * The store conditions for a scope and the tab's filters. Timestamps are ISO
 * strings in UTC, so they compare in time order as text.
 */
export function auditLogConditions(scope: AdminScope, filters: AuditLogFilters): Filter[] {
  if (filters.action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(filters.action)) {
    throw new ValidationError(refusal('admin.unknownAction'), { action: refusal('admin.unknownAction') });
  }
  return [
    ...tenantFilter(scope),
    ...(filters.action ? [{ field: 'action', op: '=' as const, value: filters.action }] : []),
    ...(filters.userId ? [{ field: 'userId', op: '=' as const, value: filters.userId }] : []),
    ...(filters.startDate ? [{ field: 'timestamp', op: '>=' as const, value: filters.startDate.toISOString() }] : []),
    ...(filters.endDate ? [{ field: 'timestamp', op: '<' as const, value: filters.endDate.toISOString() }] : []),
  ];
}

/** The filters in words, for the ViewAuditLogs entry that records who looked at what. */
export function describeAuditLogFilters(filters: AuditLogFilters): string {
  const parts = [
    filters.action ? `action ${filters.action}` : undefined,
    filters.userId ? `user ${filters.userId}` : undefined,
    filters.startDate ? `from ${filters.startDate.toISOString()}` : undefined,
    filters.endDate ? `before ${filters.endDate.toISOString()}` : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? `Filters: ${parts.join(', ')}` : 'No filters';
}

/** An entry as the Audit Logs tab shows it: the chain bookkeeping stays on the server. */
export function toAuditLogEntryView(entry: AuditDocument): AuditLogEntryView {
  const view: AuditLogEntryView = {
    id: entry.id,
    timestamp: entry.timestamp,
    action: entry.action,
    success: entry.success,
  };
  for (const field of [
    'userId',
    'userEmail',
    'entityType',
    'entityId',
    'ipAddress',
    'details',
    'errorMessage',
    'tenantId',
  ] as const) {
    const value = entry[field];
    if (value !== undefined && value !== null) view[field] = value;
  }
  const erased = erasedAuditFields(entry);
  if (erased.length > 0) view.erased = erased;
  return view;
}
