import { type DispositiveCheckView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ForbiddenError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import { readAwardForReader } from './award-access.js';
import { checkDispositive } from './check-dispositive.js';

/**
 * `GET /api/dispute/{id}/award/{awardId}/dispositive-check`: the tribunal's view, before adopting, of where the
 * tuomiolauselma and chapter 6 differ (the adopt step asks to confirm each; adopt-award.ts checks again).
 */
export async function getDispositiveCheck(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  input: { disputeId: string; awardId: string },
): Promise<DispositiveCheckView> {
  const { member, award } = await readAwardForReader(deps, caller, input.disputeId, input.awardId);
  if (!member || member.status !== 'Accepted') throw new ForbiddenError(refusal('tribunal.tribunalOnly'));
  return { version: award.version, mismatches: checkDispositive(award.dispositive, award.chapters) };
}
