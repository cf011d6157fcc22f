import { type ConstitutionView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeOpenDispute } from '../disputes/assert-not-final.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { constitutionOf, toConstitutionView, withConstitution } from '../disputes/constitution-record.js';
import { partyName } from './party-name.js';

/**
 * `POST /api/dispute/{id}/tribunal/waive-challenge`: a party waives its right to challenge the arbitrators
 * who have accepted so far (an arbitrator seated later has a period of its own). When both parties waived,
 * the tribunal may adopt before the 15 days end.
 */
export async function waiveChallenge(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string },
  client: ClientInfo,
): Promise<ConstitutionView> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  const name = await partyName(deps, caller);
  const at = deps.clock.now().toISOString();
  let names: string[] = [];
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const accepted = (current.tribunal?.members ?? []).filter((member) => member.status === 'Accepted');
      if (accepted.length === 0) throw new ConflictError(refusal('constitution.nothingToWaive'));
      const record = constitutionOf(current);
      const waived = new Set(
        record.waivers.filter((waiver) => waiver.side === side).flatMap((waiver) => waiver.arbitratorIds),
      );
      const fresh = accepted.filter((member) => !waived.has(member.userId));
      if (fresh.length === 0) throw new ConflictError(refusal('constitution.alreadyWaived'));
      names = fresh.map((member) => member.name);
      return withConstitution(current, (constitution) => ({
        ...constitution,
        waivers: [
          ...constitution.waivers,
          { side, at, name, userId: caller.userId, arbitratorIds: fresh.map((member) => member.userId) },
        ],
      }));
    },
    dispute,
  );
  await recordCallerAction(deps, caller, client, {
    action: 'WaiveChallenge',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `The ${side} waived its right to challenge: ${names.join(', ')}`,
  });
  return toConstitutionView(constitutionOf(updated));
}
