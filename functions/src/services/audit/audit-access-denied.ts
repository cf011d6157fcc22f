import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { TooManyRequestsError } from '../../errors.js';
import { takeQuotaSlot, type QuotaSpec } from '../limits/fixed-window-quota.js';
import { recordAudit } from './record-audit.js';

/**
 * Audit entries of refused requests per caller (the user, else the address)
 * and quarter hour: enough to show someone probing, few enough that a flood
 * of refusals cannot fill the log. The entry that uses the last one says so.
 */
export const ACCESS_DENIED_ENTRIES: QuotaSpec = {
  name: 'audit-access-denied',
  limit: 20,
  windowMs: 15 * 60 * 1000,
  message: 'Too many access-denied entries.',
};

export interface AccessDenied {
  /** The route's name and template, e.g. `getDispute` and `GET /api/dispute/{id}`. */
  routeName: string;
  route: string;
  /** The path as requested (cut to 300 characters). */
  path: string;
  status: 401 | 403 | 404;
  message: string;
  caller: Caller | undefined;
  ipAddress: string;
}

/**
 * Records a refusal as an `AccessDenied` entry: a 401 for a token that is no
 * (longer) good, a 403, or a 404 answered to a signed-in caller for an object
 * named in the path (which may exist and belong to someone else: the 404 is
 * how the API hides it). Rate-limited (ACCESS_DENIED_ENTRIES); never throws.
 */
export async function auditAccessDenied(deps: Deps, denied: AccessDenied): Promise<void> {
  try {
    const key = denied.caller ? `user:${denied.caller.userId}` : `ip:${denied.ipAddress}`;
    try {
      await takeQuotaSlot(deps, ACCESS_DENIED_ENTRIES, key);
    } catch (error) {
      if (error instanceof TooManyRequestsError) return;
      throw error;
    }
    await recordAudit(deps, {
      action: 'AccessDenied',
      success: false,
      ...(denied.caller
        ? { userId: denied.caller.userId, userEmail: denied.caller.email, tenantId: denied.caller.tenantId }
        : {}),
      entityType: 'Route',
      entityId: denied.routeName,
      ipAddress: denied.ipAddress,
      details: `${denied.route} answered ${denied.status} for ${denied.path.slice(0, 300)}`,
      errorMessage: denied.message,
    });
  } catch (error) {
    deps.log.warn('Auditing a refused request failed', { error });
  }
}
