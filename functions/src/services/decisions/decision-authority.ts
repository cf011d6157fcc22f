import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { Stored } from '../../ports/store.js';
import { assertNotFinal } from '../disputes/assert-not-final.js';
import { memberOf, readCaseForReader } from '../disputes/dispute-access.js';
import type { CaseRole, DisputeDocument, TribunalMemberRecord } from '../disputes/dispute-document.js';

/**
 * Who may start or stop a case's decision (docs/architecture.md "The tribunal"): on a case with a tribunal
 * (requested or appointed) only its members, once it is constituted; parties get a 403 that says so. On a
 * case without one, either party (docs/product.md's own path), and the result is an AI decision, not an award.
 * A final case takes no new decision and has none to stop (a 409 for everyone).
 */
export async function readCaseForDecision(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  disputeId: string,
): Promise<{
  dispute: Stored<DisputeDocument>;
  role: CaseRole;
  kind: 'award' | 'aiDecision';
  member?: TribunalMemberRecord;
}> {
  const { dispute, role } = await readCaseForReader(deps, caller, disputeId);
  assertNotFinal(dispute);
  if (!dispute.tribunal) return { dispute, role, kind: 'aiDecision' };
  const member = memberOf(dispute, caller.userId);
  if (!member) throw new ForbiddenError(refusal('tribunal.tribunalOnly'));
  if (dispute.tribunal.status !== 'Constituted' || member.status !== 'Accepted') {
    throw new ConflictError(refusal('tribunal.tribunalNotConstituted'));
  }
  return { dispute, role, kind: 'award', member };
}
