import type { DisplayLanguage } from '../text/display-dates.js';

/**
 * Security incidents and the 72-hour clock of GDPR art. 33 (docs/operations.md "Incidents"): what the
 * detection opens, what super-administrators record on it, and the notices and the Data Protection
 * Ombudsman's notification it prepares.
 */

/** The signals that open an incident. */
export const INCIDENT_SIGNALS = ['sign-in-failures', 'access-refused', 'audit-chain-broken', 'bulk-export'] as const;
export type IncidentSignal = (typeof INCIDENT_SIGNALS)[number];

export const INCIDENT_STATUSES = ['open', 'assessed', 'notified', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export type IncidentSeverity = 'high' | 'medium';

/** Hours from detection to the deadline of the notification to the supervisory authority (GDPR art. 33(1)). */
export const INCIDENT_NOTIFICATION_HOURS = 72;

/** The status changes an administrator may make: open → assessed → notified, and closed from any but closed. */
export const INCIDENT_TRANSITIONS: Record<IncidentStatus, readonly IncidentStatus[]> = {
  open: ['assessed', 'closed'],
  assessed: ['notified', 'closed'],
  notified: ['closed'],
  closed: [],
};

/** What the signal saw: counts and ids only, never document text or personal data beyond ids. */
export interface IncidentEvidence {
  windowStart: string;
  windowEnd: string;
  /** e.g. `{ failedSignIns: 60, accounts: 12, addresses: 3 }`. */
  counts: Record<string, number>;
  /** The audit entries behind it (at most 50), and for a broken chain the chain and entry. */
  auditEntryIds: string[];
  /** The account the signal is about (the one exporting), when there is one. */
  actorUserId?: string;
  chain?: string;
}

export interface IncidentNote {
  id: string;
  at: string;
  authorId: string;
  authorEmail: string;
  text: string;
}

export interface IncidentStatusChange {
  at: string;
  byUserId: string;
  from: IncidentStatus;
  to: IncidentStatus;
  reason?: string;
}

export interface IncidentNoticeView {
  userId: string;
  to: string;
  language: DisplayLanguage;
  subject: string;
  text: string;
  preparedAt: string;
  sentAt?: string;
  mailId?: string;
}

/** The content of the notification to the Data Protection Ombudsman (GDPR art. 33(3)); prefilled, editable. */
export interface OmbudsmanReport {
  natureOfBreach: string;
  dataSubjectCategories: string;
  approxDataSubjects: number;
  recordCategories: string;
  approxRecords: number;
  likelyConsequences: string;
  measuresTaken: string;
  contactPoint: string;
}

export interface IncidentSummary {
  id: string;
  signal: IncidentSignal;
  severity: IncidentSeverity;
  status: IncidentStatus;
  detectedAt: string;
  /** detectedAt + 72 hours. */
  deadlineAt: string;
  /** Milliseconds left to the deadline at the server's now (negative once passed). */
  remainingMs: number;
  affectedUsers: number;
  /** How often the signal was seen again while the incident stayed open. */
  repeats: number;
}

export interface IncidentDetail extends IncidentSummary {
  evidence: IncidentEvidence;
  affectedUserIds: string[];
  notes: IncidentNote[];
  statusHistory: IncidentStatusChange[];
  closedReason?: string;
  notices: IncidentNoticeView[];
  ombudsman: OmbudsmanReport;
}

export interface IncidentList {
  items: IncidentSummary[];
}

/** Texts of the incidents' refusals: group `incidents` of the catalogue of refusals (core errors/refusals.ts). */
export const INCIDENT_MESSAGES = {
  notFound: 'There is no such incident.',
  transitionRefused: 'The incident cannot move from {{from}} to {{to}}.',
  reasonRequired: 'Closing an incident as not a breach needs a reason.',
  noNotices: 'No notices are prepared for this incident.',
  allSent: 'Every notice of this incident has been sent.',
  notConfirmed: 'Sending the notices must be confirmed.',
} as const;
