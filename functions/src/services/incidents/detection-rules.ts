import type { AuditAction } from '@ratkaisu/core';

/**
 * When the audit log's recent entries are a security signal (detect-incidents.ts). The thresholds sit far
 * above what honest use makes: the sign-in throttle refuses a sixth wrong password to one account for a
 * minute, and access-denied entries are capped at 20 per caller and quarter hour (audit-access-denied.ts),
 * so these counts need many accounts or many callers at once. docs/operations.md "Incidents".
 */
export const DETECTION_RULES = {
  /** Failed and refused sign-ins across the service within the window. */
  signInFailures: { windowMs: 15 * 60_000, threshold: 50 },
  /** Refused requests (401/403/404 on a named object) across the service within the window. */
  accessRefused: { windowMs: 15 * 60_000, threshold: 60 },
  /** Copies of data (personal data, a tenant, a case's AI log) made by one account within the window. */
  bulkExport: { windowMs: 24 * 3600_000, threshold: 5 },
} as const;

export const EXPORT_ACTIONS: readonly AuditAction[] = ['ExportPersonalData', 'ExportTenant', 'ExportAiLog'];

/** The audit entries an incident's evidence lists at most. */
export const EVIDENCE_IDS = 50;
