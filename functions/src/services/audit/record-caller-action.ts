import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordAudit, type AuditEntry } from './record-audit.js';

/** The audit entry of a signed-in caller's successful action: who, from where, on what. */
export function recordCallerAction(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  caller: Caller,
  client: ClientInfo,
  entry: Pick<AuditEntry, 'action' | 'entityType' | 'entityId' | 'details'>,
): Promise<void> {
  return recordAudit(deps, {
    ...entry,
    userId: caller.userId,
    userEmail: caller.email,
    success: true,
    ipAddress: client.ipAddress,
  });
}
