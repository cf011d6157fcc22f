import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { assertQuotaOpen, returnQuotaSlot, takeQuotaSlot, type QuotaSpec } from '../limits/fixed-window-quota.js';

/** Decisions one IP address may have from the public generator per clock hour (ANONYMOUS_DECISIONS_PER_HOUR). */
function quota(deps: Pick<Deps, 'config'>): QuotaSpec {
  return {
    name: 'anonymous-decision',
    limit: deps.config.anonymous.decisionsPerHour,
    windowMs: 3600 * 1000,
    message: refusal('uploads.anonymousRateLimited'),
  };
}

type Quotas = Pick<Deps, 'store' | 'clock' | 'config'>;

/** Checked before the upload is read, so a refused caller costs no bandwidth. */
export function assertAnonymousQuotaOpen(deps: Quotas, ipAddress: string): Promise<void> {
  return assertQuotaOpen(deps, quota(deps), ipAddress);
}

/** Taken only once the job is about to be created, so refused uploads do not count. */
export function takeAnonymousQuotaSlot(deps: Quotas, ipAddress: string): Promise<void> {
  return takeQuotaSlot(deps, quota(deps), ipAddress);
}

export function returnAnonymousQuotaSlot(deps: Quotas & Pick<Deps, 'log'>, ipAddress: string): Promise<void> {
  return returnQuotaSlot(deps, quota(deps), ipAddress);
}
