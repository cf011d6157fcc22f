import type { Deps } from '../../deps.js';

/**
 * Marks that a durable step has been written (`award.issued`, `issuance.resolve`, `mail.sent`, …). In
 * production it does nothing; a test's probe may throw here to stop the work as a crash would, and then show
 * that the sweeps finish it (tests/api/durable-work.test.ts).
 */
export function durableStep(deps: Pick<Deps, 'stepProbe'>, step: string): void {
  deps.stepProbe?.(step);
}
