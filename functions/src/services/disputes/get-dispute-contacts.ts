import type { Party } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { readVisibleDispute } from './dispute-access.js';

/** `GET /contact/{id}`: both parties' contact details, to the case's participants only. */
export async function getDisputeContacts(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  disputeId: string,
): Promise<{ claimant: Party; respondent: Party }> {
  const { dispute } = await readVisibleDispute(deps, caller, disputeId);
  return { claimant: dispute.claimant, respondent: dispute.respondent };
}
