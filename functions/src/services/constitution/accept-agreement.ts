import { ARBITRATION_AGREEMENT, type ConstitutionView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeOpenDispute } from '../disputes/assert-not-final.js';
import { readCaseForReader } from '../disputes/dispute-access.js';
import { constitutionOf, toConstitutionView, withConstitution } from '../disputes/constitution-record.js';
import { partyName } from './party-name.js';

/**
 * `POST /api/dispute/{id}/agreement`: a party's representative accepts the arbitration agreement
 * (ARBITRATION_AGREEMENT, the version shown) for its side; the version and time are recorded, once per side.
 */
export async function acceptAgreement(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; version: string },
  client: ClientInfo,
): Promise<ConstitutionView> {
  const { dispute, role } = await readCaseForReader(deps, caller, input.disputeId);
  if (role === 'tribunal') throw new ForbiddenError(refusal('constitution.agreementPartiesOnly'));
  const side = role;
  const name = await partyName(deps, caller);
  const at = deps.clock.now().toISOString();
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      if (constitutionOf(current).agreement[side]?.version === ARBITRATION_AGREEMENT.version) {
        throw new ConflictError(refusal('constitution.agreementAlreadyAccepted'));
      }
      return withConstitution(current, (record) => ({
        ...record,
        agreement: {
          ...record.agreement,
          [side]: { version: input.version, at, name, userId: caller.userId },
        },
      }));
    },
    dispute,
  );
  await recordCallerAction(deps, caller, client, {
    action: 'AcceptAgreement',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `The ${side} accepted the arbitration agreement version ${input.version}`,
  });
  return toConstitutionView(constitutionOf(updated));
}
