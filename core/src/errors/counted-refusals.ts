import { refusal, type Refused } from './refusals.js';

/**
 * Refusals that count something: one reason for one and one for many, so each language words its own plural
 * (docs/architecture.md "Errors") and the English stays the sentence the server always sent.
 */

/** A tenant that still has users cannot be deleted or offboarded. */
export function tenantHasUsersRefusal(count: number): Refused {
  return count === 1 ? refusal('admin.tenantHasOneUser') : refusal('admin.tenantHasUsers', { count });
}

/** A tenant that still has open cases (named) cannot be deleted or offboarded. */
export function tenantHasOpenCasesRefusal(cases: readonly string[]): Refused {
  const named = cases.join(', ');
  return cases.length === 1
    ? refusal('retention.tenantHasOpenCase', { cases: named })
    : refusal('retention.tenantHasOpenCases', { count: cases.length, cases: named });
}

/** A tenant whose finished cases are still kept is offboarded (with a certificate), not deleted. */
export function tenantHasFinishedCasesRefusal(count: number): Refused {
  return count === 1
    ? refusal('retention.tenantHasFinishedCase')
    : refusal('retention.tenantHasFinishedCases', { count });
}

/** The public generator refused while the model's line is long: try again in `minutes` (at least one). */
export function anonymousBusyRefusal(minutes: number): Refused {
  return minutes === 1 ? refusal('uploads.anonymousBusyOneMinute') : refusal('uploads.anonymousBusy', { minutes });
}
