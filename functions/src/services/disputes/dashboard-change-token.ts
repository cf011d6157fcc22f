import type { ChangeTokenView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { DisputeDocument } from './dispute-document.js';
import { changeToken } from './case-change-token.js';
import { listVisibleDisputes } from './list-visible-disputes.js';

/**
 * `GET /api/dispute/change-token`: a token that changes whenever a case on the caller's dashboard changes,
 * appears or goes — the cases they see as a party and those they sit on as an arbitrator — so the open
 * dashboard fetches its lists again only when something moved.
 */
export async function dashboardChangeToken(
  deps: Pick<Deps, 'store' | 'clock'>,
  caller: Caller,
): Promise<ChangeTokenView> {
  const [asParty, asArbitrator] = await Promise.all([
    listVisibleDisputes(deps, caller),
    deps.store
      .collection<DisputeDocument>('disputes')
      .query({ where: [{ field: 'tribunalMemberIds', op: 'arrayContains', value: caller.userId }], limit: 1000 }),
  ]);
  const byId = new Map([...asParty.map((entry) => entry.dispute), ...asArbitrator.items].map((d) => [d.id, d]));
  return { token: changeToken([...byId.values()]) };
}
