import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import { readAwardForReader } from './award-access.js';

/**
 * Reads a tribunal's draft for an act of one of its accepted members on one chapter (1-based): opening
 * it, writing it from blank, confirming it still holds. A draft only: an adopted award is not reviewed again.
 */
export async function readChapterForMember(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  input: { disputeId: string; awardId: string; chapter: number },
) {
  const read = await readAwardForReader(deps, caller, input.disputeId, input.awardId);
  const { member, award } = read;
  if (!member || member.status !== 'Accepted') throw new ForbiddenError(refusal('tribunal.tribunalOnly'));
  if (award.kind !== 'award' || award.status !== 'Draft') throw new ConflictError(refusal('tribunal.notDraft'));
  if (!Number.isInteger(input.chapter) || input.chapter < 1 || input.chapter > award.chapters.length) {
    throw new NotFoundError(refusal('tribunal.noSuchChapter'));
  }
  return { ...read, member };
}
