import type { Deps } from '../../deps.js';
import { TooManyRequestsError } from '../../errors.js';
import { takeQuotaSlot, type QuotaSpec } from '../limits/fixed-window-quota.js';
import { DETECTION_RULES } from './detection-rules.js';
import { detectBulkExports, detectBurst, type BurstSignal } from './detect-incidents.js';

const RULES: Record<BurstSignal, { windowMs: number; threshold: number }> = {
  'sign-in-failures': DETECTION_RULES.signInFailures,
  'access-refused': DETECTION_RULES.accessRefused,
};

/** After a burst is counted, the audit log is read at most this often for it (the five-minute sweep still runs). */
const DETECTION_PAUSE_MS = 60_000;

/**
 * Detection where the signal happens, between the sweeps: each refused sign-in or refused request is counted
 * in a fixed window (one conditional write on a counter); once the window holds the rule's threshold, the
 * audit log is read for the burst — at most once a minute, so a flood costs one read a minute, not one a
 * request. Never throws: noticing an incident must not change the answer to the request that showed it.
 */
export async function noticeBurstSignal(deps: Pick<Deps, 'store' | 'clock' | 'log'>, kind: BurstSignal): Promise<void> {
  try {
    const rule = RULES[kind];
    const counted: QuotaSpec = {
      name: `incident-count-${kind}`,
      limit: rule.threshold - 1,
      windowMs: rule.windowMs,
      message: kind,
    };
    if (await slotTaken(deps, counted)) return;
    const pause: QuotaSpec = { name: `incident-detect-${kind}`, limit: 1, windowMs: DETECTION_PAUSE_MS, message: kind };
    if (!(await slotTaken(deps, pause))) return;
    await detectBurst(deps, kind);
  } catch (error) {
    deps.log.warn('Looking for a security incident failed', { signal: kind, error });
  }
}

/** After a copy of data is made: has this account now made too many? Exports are rare, so this reads at once. */
export async function noticeExport(deps: Pick<Deps, 'store' | 'clock' | 'log'>, actorUserId: string): Promise<void> {
  try {
    await detectBulkExports(deps, actorUserId);
  } catch (error) {
    deps.log.warn('Looking for a security incident failed', { signal: 'bulk-export', error });
  }
}

/** True when the slot was taken; false when the window's slots are used up. */
async function slotTaken(deps: Pick<Deps, 'store' | 'clock'>, spec: QuotaSpec): Promise<boolean> {
  try {
    await takeQuotaSlot(deps, spec, 'service');
    return true;
  } catch (error) {
    if (error instanceof TooManyRequestsError) return false;
    throw error;
  }
}
