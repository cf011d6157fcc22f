import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { AuditAction } from '../../records/audit-document.js';
import { auditErrorMessage } from './audit-error-message.js';
import { recordAudit } from './record-audit.js';

/**
 * What an action tells its audit entry while it runs: the tenant and entity once known, the details of a
 * success, and the details a failure should still carry.
 */
export interface AuditNote {
  tenantId?: string;
  entityId?: string;
  details?: string;
  failureDetails?: string;
}

/**
 * Runs a signed-in caller's administrative action and records one audit entry for it either way: success
 * with the details the action noted, or failure with the error's message (and the failure details), after
 * which the error goes on to the caller. The one place this bookkeeping lives, instead of a
 * `const audit = {…}; try { …; recordAudit(success) } catch { recordAudit(failure); throw }` per service.
 */
export async function auditedAction<T>(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  caller: Caller,
  client: ClientInfo,
  entry: { action: AuditAction; entityType: string; entityId?: string },
  work: (note: AuditNote) => Promise<T>,
): Promise<T> {
  const note: AuditNote = {};
  const base = () => ({
    action: entry.action,
    userId: caller.userId,
    userEmail: caller.email,
    entityType: entry.entityType,
    ...((note.entityId ?? entry.entityId) ? { entityId: note.entityId ?? entry.entityId } : {}),
    ...(note.tenantId ? { tenantId: note.tenantId } : {}),
    ipAddress: client.ipAddress,
  });
  let result: T;
  try {
    result = await work(note);
  } catch (error) {
    await recordAudit(deps, {
      ...base(),
      success: false,
      ...(note.failureDetails ? { details: note.failureDetails } : {}),
      errorMessage: auditErrorMessage(error),
    });
    throw error;
  }
  await recordAudit(deps, { ...base(), success: true, ...(note.details ? { details: note.details } : {}) });
  return result;
}
