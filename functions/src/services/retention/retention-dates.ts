import { CASE_RETENTION_DEFAULT_YEARS, CASE_RETENTION_WARNING_DAYS, finalOutcome } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * When a case was finished, from which its retention runs (docs/data-lifecycle.md): the moment it became final
 * (the second acceptance of an AI decision, or the award's last signature); a case closed without a decision
 * from its last activity. Undefined while the case is open.
 */
export function finishedAtOf(dispute: DisputeDocument): string | undefined {
  const outcome = finalOutcome(dispute);
  if (outcome) return outcome.at;
  if (dispute.status !== 'Closed') return undefined;
  let last = dispute.dateCreated;
  for (const phase of dispute.phases) {
    for (const date of [phase.dateCreated, phase.dateCompleted]) if (date && date > last) last = date;
  }
  return last;
}

/** `years` calendar years after `iso` (UTC). */
export function yearsAfter(iso: string, years: number): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

/**
 * The day the case's data goes: its retention after finishing, and never before the write-once originals of
 * its issued documents may go (`writeOnceDays`, WRITE_ONCE_RETENTION_DAYS from the day it finished), so the
 * deletion removes them too instead of leaving them behind (docs/data-lifecycle.md "Write-once records and
 * case retention"); once the representatives were warned, never less than the warning period after the
 * warning (a shorter setting chosen later does not cut it short).
 */
export function deleteAfterOf(finishedAt: string, years: number, warnedAt?: string, writeOnceDays = 0): string {
  const byTenant = yearsAfter(finishedAt, years);
  const byRecords = new Date(new Date(finishedAt).getTime() + writeOnceDays * DAY_MS).toISOString();
  const byPeriod = byRecords > byTenant ? byRecords : byTenant;
  if (!warnedAt) return byPeriod;
  const byWarning = new Date(new Date(warnedAt).getTime() + CASE_RETENTION_WARNING_DAYS * DAY_MS).toISOString();
  return byWarning > byPeriod ? byWarning : byPeriod;
}

/** When the warning is due: the warning period before the deletion. */
export function warnFrom(deleteAfter: string): string {
  return new Date(new Date(deleteAfter).getTime() - CASE_RETENTION_WARNING_DAYS * DAY_MS).toISOString();
}

/** The tenant's retention in years (the default when never set or when the tenant is gone). */
export async function retentionYearsOf(deps: Pick<Deps, 'store'>, tenantId: string): Promise<number> {
  const tenant = await deps.store.collection<TenantDocument>('tenants').read(tenantId, tenantId);
  return tenant?.caseRetentionYears ?? CASE_RETENTION_DEFAULT_YEARS;
}
