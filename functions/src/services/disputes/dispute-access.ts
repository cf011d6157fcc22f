import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { Stored } from '../../ports/store.js';
import type { UserDocument } from '../accounts/user-document.js';
import { CASE_NOT_FOUND_MESSAGE, type DisputeDocument, type Side } from './dispute-document.js';

/**
 * The caller's lower-cased email when it is confirmed, else undefined: only a
 * verified email gives access to cases that name it (ARCHITECTURE.md "Cases and sides").
 */
export async function confirmedEmailKey(deps: Pick<Deps, 'store'>, caller: Caller): Promise<string | undefined> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  return user?.emailConfirmed ? user.emailKey : undefined;
}

/** Which side the caller represents in the case, or undefined when the case is not theirs to see. */
export function sideOf(dispute: DisputeDocument, callerId: string, emailKey: string | undefined): Side | undefined {
  if (dispute.createdBy.id === callerId) return 'claimant';
  if (emailKey === undefined) return undefined;
  if (dispute.claimantEmailKey === emailKey) return 'claimant';
  if (dispute.respondentEmailKey === emailKey) return 'respondent';
  return undefined;
}

/**
 * Reads a case the caller may see, with the side they are on. A missing case
 * and a case of others answer the same 404, so ids reveal nothing.
 */
export async function readVisibleDispute(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  disputeId: string,
): Promise<{ dispute: Stored<DisputeDocument>; side: Side }> {
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(disputeId, disputeId);
  if (dispute) {
    const side = sideOf(dispute, caller.userId, await confirmedEmailKey(deps, caller));
    if (side) return { dispute, side };
  }
  throw new NotFoundError(CASE_NOT_FOUND_MESSAGE);
}

/**
 * Finds the case whose phase or attachment has this id (an indexed,
 * cross-partition query on the case's lookup arrays) when the caller may see
 * it; otherwise a 404 with `notFoundMessage`, the same whether the id is
 * unknown or belongs to someone else's case.
 */
export async function findVisibleDisputeHolding(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  index: 'phaseIds' | 'attachmentIds',
  id: string,
  notFoundMessage: string,
): Promise<{ dispute: Stored<DisputeDocument>; side: Side }> {
  const page = await deps.store
    .collection<DisputeDocument>('disputes')
    .query({ where: [{ field: index, op: 'arrayContains', value: id }], limit: 10 });
  if (page.items.length > 0) {
    const key = await confirmedEmailKey(deps, caller);
    for (const dispute of page.items) {
      const side = sideOf(dispute, caller.userId, key);
      if (side) return { dispute, side };
    }
  }
  throw new NotFoundError(notFoundMessage);
}
