import { AUDIT_ACTIONS, type AuditAction } from '@ratkaisu/core';
import type { BaseDoc } from '../ports/store.js';

// The action list lives in core, so the admin screens offer exactly what the server records.
export { AUDIT_ACTIONS, type AuditAction };

/** One audit entry. Partitioned by month (`YYYY-MM`), so a date range touches few partitions. Never holds passwords or tokens. */
export interface AuditDocument extends BaseDoc {
  timestamp: string;
  action: AuditAction;
  userId?: string;
  userEmail?: string;
  entityType?: string;
  entityId?: string;
  success: boolean;
  ipAddress?: string;
  details?: string;
  errorMessage?: string;
  /** The tenant the entry concerns (given, else the acting user's); absent for system entries. */
  tenantId?: string;
  /**
   * Tamper evidence (audit-chain.ts): the chain (tenant id or `system`), the
   * entry's position in it from 1, the previous entry's hash and this entry's.
   * Absent on entries written before the log was chained.
   */
  chain?: string;
  seq?: number;
  prevHash?: string;
  hash?: string;
}
