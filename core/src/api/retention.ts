import { z } from 'zod';

/**
 * Case retention, legal holds and tenant offboarding (docs/data-lifecycle.md). The period runs from the day a
 * case became final (the accepted decision or the issued award) or was closed; the sweep warns the parties'
 * representatives CASE_RETENTION_WARNING_DAYS before it deletes the case's data and keeps a tombstone.
 */

/** The default: the 15 years an award stays enforceable against a natural person (ulosottokaari 2:24). */
export const CASE_RETENTION_DEFAULT_YEARS = 15;
/** Never below the six years the Accounting Act keeps the vouchers that name a case (kirjanpitolaki 2:10). */
export const CASE_RETENTION_MIN_YEARS = 6;
export const CASE_RETENTION_MAX_YEARS = 30;
/** How long before the deletion the representatives are told, and the least time they get after the warning. */
export const CASE_RETENTION_WARNING_DAYS = 90;

/**
 * The default days a write-once original (an issued award, a receipt) cannot be overwritten or deleted: the
 * default case retention, counted so that 15 calendar years (3 or 4 leap days) are never shorter than it.
 */
export const WRITE_ONCE_RETENTION_DEFAULT_DAYS = CASE_RETENTION_DEFAULT_YEARS * 365 + 3;

/** Retention's and offboarding's refusals, in the catalogue of refusals as group `retention` (core errors/refusals.ts). */
export const RETENTION_MESSAGES = {
  retentionTooShort: `A case is kept at least ${CASE_RETENTION_MIN_YEARS} years.`,
  retentionTooLong: `A case is kept at most ${CASE_RETENTION_MAX_YEARS} years.`,
  reasonRequired: 'Give the reason (at least 10 characters).',
  caseNotFound: 'Case not found.',
  alreadyHeld: 'The case is already under a legal hold.',
  notHeld: 'The case is not under a legal hold.',
  tenantHasOpenCase:
    'The tenant still has 1 open case: {{cases}}. Open cases are finished or handed over before the tenant is deleted.',
  tenantHasOpenCases:
    'The tenant still has {{count}} open cases: {{cases}}. Open cases are finished or handed over before the tenant is deleted.',
  tenantHasFinishedCase:
    'The tenant still has 1 finished case. Export the tenant and offboard it to delete them with a certificate of deletion.',
  tenantHasFinishedCases:
    'The tenant still has {{count}} finished cases. Export the tenant and offboard it to delete them with a certificate of deletion.',
  tenantHasHeldCases: 'Cases under a legal hold cannot be deleted: {{cases}}. Lift the hold first.',
  certificateNotFound: 'Certificate of deletion not found.',
} as const;

/** `PUT /api/superadmin/tenants/{id}/case-retention` */
export const caseRetentionSchema = z
  .object({
    years: z
      .number()
      .int()
      .min(CASE_RETENTION_MIN_YEARS, RETENTION_MESSAGES.retentionTooShort)
      .max(CASE_RETENTION_MAX_YEARS, RETENTION_MESSAGES.retentionTooLong),
  })
  .strict();

/** `POST /api/superadmin/disputes/{id}/legal-hold` and `…/legal-hold/lift`: the reason is required and recorded. */
export const legalHoldSchema = z
  .object({ reason: z.string().trim().min(10, RETENTION_MESSAGES.reasonRequired).max(1000) })
  .strict();

/** `POST /api/superadmin/tenants/{id}/offboard` `{ confirm }`: the tenant's name typed again. */
export const offboardTenantSchema = z.object({ confirm: z.string().trim().min(1).max(200) }).strict();

export interface LegalHoldView {
  reason: string;
  setAt: string;
  setBy: string;
}

/** What a case shows about its retention: when its data goes, whether the representatives were told, a hold. */
export interface CaseRetentionView {
  /** When the sweep deletes the case's data (absent while the case is open). */
  deleteAfter?: string;
  warnedAt?: string;
  legalHold?: LegalHoldView;
}

/** One row of `GET /api/superadmin/retention`: a finished case, its deletion date and hold. */
export interface RetentionCaseView extends CaseRetentionView {
  disputeId: string;
  caseNumber?: string;
  name: string;
  tenantId: string;
  finishedAt: string;
}

/** What stays of a case after its retention: enough to answer "was there such a case, and how did it end". */
export interface CaseTombstoneView {
  disputeId: string;
  caseNumber?: string;
  name: string;
  tenantId: string;
  claimant: { name: string; businessId?: string };
  respondent: { name: string; businessId?: string };
  outcome: string;
  dateCreated: string;
  finishedAt: string;
  deletedAt: string;
  /** The SHA-256 of each issued award or accepted decision, as it was delivered. */
  awardSha256: string[];
}

export interface RetentionOverview {
  cases: RetentionCaseView[];
  tombstones: CaseTombstoneView[];
}

/** The answer of `POST /api/superadmin/tenants/{id}/offboard`. */
export interface DeletionCertificateView {
  id: string;
  tenantId: string;
  tenantName: string;
  deletedAt: string;
  deletedBy: string;
  cases: number;
  documents: number;
  blobs: number;
  bytes: number;
  auditEntries: number;
  /** What was kept and why (write-once records, the audit chain). */
  kept: string[];
}
