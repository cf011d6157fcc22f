import {
  INCIDENT_NOTIFICATION_HOURS,
  type IncidentDetail,
  type IncidentEvidence,
  type IncidentNote,
  type IncidentNoticeView,
  type IncidentSeverity,
  type IncidentSignal,
  type IncidentStatus,
  type IncidentStatusChange,
  type IncidentSummary,
  type OmbudsmanReport,
} from '@ratkaisu/core';
import type { BaseDoc } from '../../ports/store.js';

/**
 * A security incident ('incidents' collection, partition = its id): opened by a signal (detect-incidents.ts),
 * then assessed, notified or closed by super-administrators. Holds ids and counts only — never document text.
 * docs/operations.md "Incidents".
 */
export interface IncidentDocument extends BaseDoc {
  kind: 'incident';
  signal: IncidentSignal;
  /** What makes two sightings the same signal (`bulk-export:<userId>`): one open incident per key. */
  signalKey: string;
  severity: IncidentSeverity;
  status: IncidentStatus;
  detectedAt: string;
  deadlineAt: string;
  evidence: IncidentEvidence;
  affectedUserIds: string[];
  repeats: number;
  lastSeenAt: string;
  notes: IncidentNote[];
  statusHistory: IncidentStatusChange[];
  closedReason?: string;
  notices: IncidentNoticeView[];
  ombudsman: OmbudsmanReport;
}

export function notificationDeadline(detectedAt: Date): string {
  return new Date(detectedAt.getTime() + INCIDENT_NOTIFICATION_HOURS * 3600_000).toISOString();
}

export function incidentSummary(doc: IncidentDocument, now: Date): IncidentSummary {
  return {
    id: doc.id,
    signal: doc.signal,
    severity: doc.severity,
    status: doc.status,
    detectedAt: doc.detectedAt,
    deadlineAt: doc.deadlineAt,
    remainingMs: Date.parse(doc.deadlineAt) - now.getTime(),
    affectedUsers: doc.affectedUserIds.length,
    repeats: doc.repeats,
  };
}

export function incidentDetail(doc: IncidentDocument, now: Date): IncidentDetail {
  return {
    ...incidentSummary(doc, now),
    evidence: doc.evidence,
    affectedUserIds: doc.affectedUserIds,
    notes: doc.notes,
    statusHistory: doc.statusHistory,
    ...(doc.closedReason ? { closedReason: doc.closedReason } : {}),
    notices: doc.notices,
    ombudsman: doc.ombudsman,
  };
}
