import type { Deps } from '../../deps.js';
import { refusal } from '@ratkaisu/core';
import { ForbiddenError, NotFoundError, type Wording } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import type { Stored } from '../../ports/store.js';
import type { UserDocument } from '../../records/user-document.js';
import { type CaseRole, type DisputeDocument, type Side, type TribunalMemberRecord } from './dispute-document.js';

/**
 * The caller's lower-cased email when it is confirmed, else undefined: only a
 * verified email gives access to cases that name it (docs/architecture.md "Cases and sides").
 */
export async function confirmedEmailKey(deps: Pick<Deps, 'store'>, caller: Caller): Promise<string | undefined> {
  // The session check read the user a moment ago in this request (admit-session.ts): no second read.
  if (caller.confirmedEmailKey !== undefined) return caller.confirmedEmailKey ?? undefined;
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

/** The caller's seat on the case's tribunal: appointed and not declined. */
export function memberOf(dispute: DisputeDocument, callerId: string): TribunalMemberRecord | undefined {
  return dispute.tribunal?.members.find((member) => member.userId === callerId && member.status !== 'Declined');
}

/** A party's side, else `tribunal` for an appointed arbitrator, else undefined. */
export function roleOf(dispute: DisputeDocument, callerId: string, emailKey: string | undefined): CaseRole | undefined {
  return sideOf(dispute, callerId, emailKey) ?? (memberOf(dispute, callerId) ? 'tribunal' : undefined);
}

/**
 * Reads a case for an action of a party (upload, delete, send, generate), with
 * the side they are on. A missing case and a case of others answer the same
 * 404, so ids reveal nothing; an arbitrator of the case gets a 403 that says
 * arbitrators do not act in party phases.
 */
export async function readVisibleDispute(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  disputeId: string,
): Promise<{ dispute: Stored<DisputeDocument>; side: Side }> {
  const { dispute, role } = await readCaseForReader(deps, caller, disputeId);
  if (role === 'tribunal') throw new ForbiddenError(refusal('tribunal.arbitratorCannotAct'));
  return { dispute, side: role };
}

/** Reads a case the caller may read: a party (with the side) or a member of its tribunal; 404 otherwise. */
export async function readCaseForReader(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  disputeId: string,
): Promise<{ dispute: Stored<DisputeDocument>; role: CaseRole }> {
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(disputeId, disputeId);
  if (dispute) {
    const role = roleOf(dispute, caller.userId, await confirmedEmailKey(deps, caller));
    if (role) return { dispute, role };
  }
  throw new NotFoundError(refusal('cases.notFound'));
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
  notFoundMessage: Wording,
): Promise<{ dispute: Stored<DisputeDocument>; side: Side }> {
  const { dispute, role } = await findReadableDisputeHolding(deps, caller, index, id, notFoundMessage);
  if (role === 'tribunal') throw new ForbiddenError(refusal('tribunal.arbitratorCannotAct'));
  return { dispute, side: role };
}

/** findVisibleDisputeHolding for reading: a member of the case's tribunal may read too. */
export async function findReadableDisputeHolding(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  index: 'phaseIds' | 'attachmentIds',
  id: string,
  notFoundMessage: Wording,
): Promise<{ dispute: Stored<DisputeDocument>; role: CaseRole }> {
  const page = await deps.store
    .collection<DisputeDocument>('disputes')
    .query({ where: [{ field: index, op: 'arrayContains', value: id }], limit: 10 });
  if (page.items.length > 0) {
    const key = await confirmedEmailKey(deps, caller);
    for (const dispute of page.items) {
      const role = roleOf(dispute, caller.userId, key);
      if (role) return { dispute, role };
    }
  }
  throw new NotFoundError(notFoundMessage);
}
