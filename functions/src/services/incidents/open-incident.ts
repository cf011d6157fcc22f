import { randomUUID } from 'node:crypto';
import type { IncidentEvidence, IncidentSeverity, IncidentSignal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { changeOrCreateRecord, changeRecord } from '../../records/change-record.js';
import { recordAudit } from '../audit/record-audit.js';
import { notificationDeadline, type IncidentDocument } from './incident-document.js';
import { prefillOmbudsmanReport } from './prefill-ombudsman-report.js';
import { signalClaimId, type SignalClaimDocument } from './signal-claim.js';

export interface SignalSighting {
  signal: IncidentSignal;
  signalKey: string;
  severity: IncidentSeverity;
  evidence: IncidentEvidence;
  affectedUserIds: string[];
  /** A sighting that names one fixed fact (a broken chain link) opens at most one incident ever, even once closed. */
  once?: boolean;
}

export type SightingOutcome =
  { outcome: 'opened'; incidentId: string } | { outcome: 'repeated'; incidentId: string } | { outcome: 'ignored' };

/**
 * Opens an incident for a signal, or counts a repeat on the one the signal already has open (never two open
 * incidents for one key). The key's claim (signal-claim.ts) is written first, conditionally; then the incident,
 * whose id the claim named, so a crash in between leaves a claim naming no incident, which the next sighting
 * takes over. The 72-hour clock starts at detection. Audited.
 */
export async function openIncident(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  sighting: SignalSighting,
): Promise<SightingOutcome> {
  const claimId = signalClaimId(sighting.signalKey);
  const incidents = deps.store.collection<IncidentDocument>('incidents');
  let decision = { outcome: 'ignored' } as SightingOutcome;
  await changeOrCreateRecord(
    deps.store.collection<SignalClaimDocument>('tokens'),
    { pk: claimId, id: claimId },
    async (claim): Promise<SignalClaimDocument | undefined> => {
      const incident = claim ? await incidents.read(claim.incidentId, claim.incidentId) : undefined;
      if (incident && incident.status !== 'closed') {
        decision = { outcome: 'repeated', incidentId: incident.id };
        return undefined;
      }
      if (incident && sighting.once) {
        decision = { outcome: 'ignored' };
        return undefined;
      }
      const incidentId = randomUUID();
      decision = { outcome: 'opened', incidentId };
      return { id: claimId, pk: claimId, kind: 'incident-signal-claim', signalKey: sighting.signalKey, incidentId };
    },
  );
  if (decision.outcome === 'repeated') await recordRepeat(deps, decision.incidentId);
  if (decision.outcome === 'opened') await createIncident(deps, decision.incidentId, sighting);
  return decision;
}

async function createIncident(
  deps: Pick<Deps, 'store' | 'clock' | 'log'>,
  id: string,
  sighting: SignalSighting,
): Promise<void> {
  const now = deps.clock.now();
  const detectedAt = now.toISOString();
  const doc: IncidentDocument = {
    id,
    pk: id,
    kind: 'incident',
    signal: sighting.signal,
    signalKey: sighting.signalKey,
    severity: sighting.severity,
    status: 'open',
    detectedAt,
    deadlineAt: notificationDeadline(now),
    evidence: sighting.evidence,
    affectedUserIds: sighting.affectedUserIds,
    repeats: 0,
    lastSeenAt: detectedAt,
    notes: [],
    statusHistory: [],
    notices: [],
    ombudsman: prefillOmbudsmanReport(sighting.signal, sighting.evidence, sighting.affectedUserIds.length),
  };
  await deps.store.collection<IncidentDocument>('incidents').create(doc);
  deps.log.warn('Security incident opened', {
    incidentId: id,
    signal: sighting.signal,
    counts: sighting.evidence.counts,
  });
  await recordAudit(deps, {
    action: 'OpenIncident',
    success: true,
    entityType: 'Incident',
    entityId: id,
    details: `${sighting.signal} detected (${Object.entries(sighting.evidence.counts)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ')}); notification deadline ${doc.deadlineAt}`,
  });
}

async function recordRepeat(deps: Pick<Deps, 'store' | 'clock'>, incidentId: string): Promise<void> {
  const lastSeenAt = deps.clock.now().toISOString();
  await changeRecord(
    deps.store.collection<IncidentDocument>('incidents'),
    { pk: incidentId, id: incidentId },
    (current) => (current.status === 'closed' ? undefined : { ...current, repeats: current.repeats + 1, lastSeenAt }),
  );
}
