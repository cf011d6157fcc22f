import type { AwardView, DecisionSettingsRecord } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { readAwardForReader, toAwardView } from './award-access.js';

/** `GET /api/dispute/{id}/award/{awardId}`: the decision's record (drafts for the tribunal only). */
export async function getAward(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  input: { disputeId: string; awardId: string },
): Promise<AwardView> {
  const { award, dispute } = await readAwardForReader(deps, caller, input.disputeId, input.awardId);
  return toAwardView(award, dispute);
}

/**
 * `GET /api/dispute/{id}/award/{awardId}/settings`: the exact settings a decision was generated with, who set
 * them and when — to both parties of the case and its tribunal, whoever started the generation.
 */
export async function getDecisionSettings(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  input: { disputeId: string; awardId: string },
): Promise<DecisionSettingsRecord> {
  const { award } = await readAwardForReader(deps, caller, input.disputeId, input.awardId);
  return award.settings;
}
