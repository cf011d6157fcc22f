import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { Stored } from '../../ports/store.js';
import { readAwardForReader } from '../awards/award-access.js';
import type { AwardDocument, CorrectionRequestRecord } from '../awards/award-document.js';
import type { CaseRole, DisputeDocument, Side, TribunalMemberRecord } from '../disputes/dispute-document.js';
import { casePath } from '../notices/notice-paths.js';

export interface IssuedAward {
  dispute: Stored<DisputeDocument>;
  role: CaseRole;
  member?: TribunalMemberRecord;
  award: Stored<AwardDocument>;
}

/** The issued award a step after it concerns (§§ 37–39): parties and the tribunal read it; nothing before issue. */
export async function readIssuedAward(
  deps: Pick<Deps, 'store'>,
  caller: Caller,
  disputeId: string,
  awardId: string,
): Promise<IssuedAward> {
  const { dispute, role, member, award } = await readAwardForReader(deps, caller, disputeId, awardId);
  if (award.kind !== 'award') throw new NotFoundError(refusal('tribunal.awardNotFound'));
  if (award.status !== 'Issued') throw new ConflictError(refusal('corrections.notIssued'));
  return { dispute, role, ...(member ? { member } : {}), award };
}

/** The caller's side, for the steps only a party takes. */
export function partySide(role: CaseRole): Side {
  if (role === 'tribunal') throw new ForbiddenError(refusal('corrections.partiesOnly'));
  return role;
}

/** The seated member, for the steps only the tribunal takes; with `chair`, only the chair or sole arbitrator. */
export function seatedMember(issued: IssuedAward, options: { chair?: boolean } = {}): TribunalMemberRecord {
  const { member } = issued;
  if (!member || member.status !== 'Accepted') throw new ForbiddenError(refusal('tribunal.tribunalOnly'));
  if (options.chair && member.role === 'member') throw new ForbiddenError(refusal('tribunal.chairOnly'));
  return member;
}

export function findRequest(award: AwardDocument, requestId: string): CorrectionRequestRecord {
  const request = award.correctionRequests?.find((candidate) => candidate.id === requestId);
  if (!request) throw new NotFoundError(refusal('corrections.requestNotFound'));
  return request;
}

/** The award with one request replaced. */
export function withRequest(award: AwardDocument, request: CorrectionRequestRecord): AwardDocument {
  return {
    ...award,
    correctionRequests: (award.correctionRequests ?? []).map((candidate) =>
      candidate.id === request.id ? request : candidate,
    ),
  };
}

export const otherSide = (side: Side): Side => (side === 'claimant' ? 'respondent' : 'claimant');

/** What every mail and notice about a step under §§ 38–39 says of the case: its name and number, its page. */
export function correctionNotice(dispute: DisputeDocument, award: Pick<AwardDocument, 'caseNumber'>) {
  return {
    caseName: dispute.name,
    caseNumber: award.caseNumber,
    disputeId: dispute.id,
    path: casePath(dispute.id),
    ...(dispute.language ? { fallbackLanguage: dispute.language } : {}),
  };
}
