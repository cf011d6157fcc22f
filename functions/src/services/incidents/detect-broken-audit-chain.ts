import type { AuditChainReport } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { verifyAuditChain } from '../audit/verify-audit-chain.js';
import { openIncident, type SightingOutcome } from './open-incident.js';

/**
 * An audit chain that fails verification opens an incident — from the daily timer and from every
 * verification an administrator asks for. One break (its chain and position) opens one incident, once:
 * a break assessed and closed does not come back with the next run; a new break does.
 */
export async function reportBrokenAuditChain(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  report: AuditChainReport,
): Promise<SightingOutcome> {
  const broken = report.firstBreak;
  if (report.valid || !broken) return { outcome: 'ignored' };
  const brokenChains = report.chains.filter((chain) => !chain.valid);
  return openIncident(deps, {
    signal: 'audit-chain-broken',
    signalKey: `audit-chain-broken:${broken.chain}:${broken.seq ?? broken.entryId ?? 'end'}`,
    severity: 'high',
    once: true,
    evidence: {
      windowStart: report.checkedAt,
      windowEnd: report.checkedAt,
      counts: {
        brokenChains: brokenChains.length,
        chains: report.chains.length,
        ...(broken.seq !== undefined ? { firstBrokenPosition: broken.seq } : {}),
      },
      auditEntryIds: broken.entryId ? [broken.entryId] : [],
      chain: broken.chain,
    },
    affectedUserIds: [],
  });
}

/** The daily timer's verification of every chain, and the incident if one is broken. */
export async function verifyAuditChainsForIncidents(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
): Promise<SightingOutcome> {
  return reportBrokenAuditChain(deps, await verifyAuditChain(deps));
}
