import type { AuditChainReport } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { auditedAction } from './audited-action.js';
import { verifyAuditChain } from './verify-audit-chain.js';

/**
 * `GET /api/superadmin/security-logs/verify`: a SuperAdmin runs the chain
 * verifier (the route admits SuperAdmins only). The run and its outcome are
 * themselves recorded.
 */
export async function checkAuditChain(deps: Deps, caller: Caller, client: ClientInfo): Promise<AuditChainReport> {
  return auditedAction(deps, caller, client, { action: 'ViewAuditLogs', entityType: 'AuditLog' }, async (note) => {
    note.failureDetails = 'Chain verification';
    const report = await verifyAuditChain(deps);
    const first = report.firstBreak;
    note.details = first
      ? `Chain verification: broken in chain ${first.chain} at ${first.entryId ?? `position ${first.seq ?? '?'}`}`
      : `Chain verification: ${report.chains.length} chains intact`;
    return report;
  });
}
