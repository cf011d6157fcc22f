import type { Deps } from '../../deps.js';
import { markNoticesRead } from './notice-store.js';

/**
 * A user who has just acted on a case (uploaded, moved a phase, accepted, signed, a tribunal step) has seen what
 * that case's notices pointed to: the user's unread notices about it are marked read, as on opening the case
 * (docs/notices.md "In-app"). Each notice is a conditional write (notice-store.ts). A failure here is logged and
 * never undoes or fails the action the user took: the notice merely stays unread.
 */
export async function readNoticesOnCaseAction(
  deps: Pick<Deps, 'store' | 'clock'> & { log: Pick<Deps['log'], 'warn'> },
  userId: string,
  disputeId: string,
): Promise<void> {
  try {
    await markNoticesRead(deps, userId, { disputeId });
  } catch (error) {
    deps.log.warn('Notices about an acted-on case were not marked read', { disputeId, error });
  }
}
