import type { AuditChainReport } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { auditErrorMessage } from './audit-error-message.js';
import { recordAudit } from './record-audit.js';
import { verifyAuditChain } from './verify-audit-chain.js';

/**
 * `GET /api/superadmin/security-logs/verify`: a SuperAdmin runs the chain
 * verifier (the route admits SuperAdmins only). The run and its outcome are
 * themselves recorded.
 */
export async function checkAuditChain(deps: Deps, caller: Caller, client: ClientInfo): Promise<AuditChainReport> {
  const audit = {
    action: 'ViewAuditLogs' as const,
    userId: caller.userId,
    userEmail: caller.email,
    entityType: 'AuditLog',
    ipAddress: client.ipAddress,
  };
  try {
    const report = await verifyAuditChain(deps);
    const first = report.firstBreak;
    await recordAudit(deps, {
      ...audit,
      success: true,
      details: first
        ? `Chain verification: broken in chain ${first.chain} at ${first.entryId ?? `position ${first.seq ?? '?'}`}`
        : `Chain verification: ${report.chains.length} chains intact`,
    });
    return report;
  } catch (error) {
    await recordAudit(deps, {
      ...audit,
      success: false,
      details: 'Chain verification',
      errorMessage: auditErrorMessage(error),
    });
    throw error;
  }
}
