import { type ClaimsSummaryView, type SideSummary, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { announceClaimsAnswered } from '../decisions/decision-notices.js';
import { assertNotFinal, changeOpenDispute } from '../disputes/assert-not-final.js';
import { readCaseForReader } from '../disputes/dispute-access.js';
import type { Side } from '../disputes/dispute-document.js';
import { announceNewMatter, withNewMatter } from '../constitution/new-matters.js';

/**
 * The parties' answers to the summary of their claims (the first validation gate; the summary itself is
 * extracted by a 'claims-summary' job, request-claims-extraction.ts and run-claims-summary-job.ts).
 */

/** `PUT /api/dispute/{id}/tribunal/claims-summary/{side}`: the side's party confirms (no text) or corrects it. */
export async function answerClaimsSummary(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; side: string; text?: string },
  client: ClientInfo,
): Promise<ClaimsSummaryView> {
  const { dispute, role } = await readCaseForReader(deps, caller, input.disputeId);
  assertNotFinal(dispute);
  if (role === 'tribunal' || role !== input.side) throw new ForbiddenError(refusal('tribunal.notYourSide'));
  const side: Side = role;
  if (!dispute.claimsSummary) throw new ConflictError(refusal('tribunal.noClaimsSummary'));
  const name = await callerName(deps, caller);
  const at = deps.clock.now().toISOString();
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const summary = current.claimsSummary;
      if (!summary) throw new ConflictError(refusal('tribunal.noClaimsSummary'));
      const answered: SideSummary = input.text
        ? { text: input.text, status: 'Corrected', answeredAt: at, answeredBy: name }
        : { text: summary.sides[side].text, status: 'Confirmed', answeredAt: at, answeredBy: name };
      const next = { ...current, claimsSummary: { ...summary, sides: { ...summary.sides, [side]: answered } } };
      // A correction may add or change a claim: the other party is heard on it before the tribunal drafts.
      return input.text
        ? withNewMatter(next, { kind: 'correction', raisedBy: side, text: input.text, at: new Date(at) })
        : next;
    },
    dispute,
  );
  if (input.text) await announceNewMatter(deps, updated, side, caller.userId);
  await recordCallerAction(deps, caller, client, {
    action: 'ConfirmClaims',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `The ${side} ${input.text ? 'corrected' : 'confirmed'} the summary of its claims (version ${updated.claimsSummary!.version})`,
  });
  await announceClaimsAnswered(deps, updated, side, Boolean(input.text));
  return updated.claimsSummary!;
}

/** `POST /api/dispute/{id}/tribunal/claims-summary/comments`: either party or a member comments on the summary. */
export async function commentClaimsSummary(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; text: string },
  client: ClientInfo,
): Promise<ClaimsSummaryView> {
  const { dispute, role } = await readCaseForReader(deps, caller, input.disputeId);
  assertNotFinal(dispute);
  if (!dispute.claimsSummary) throw new ConflictError(refusal('tribunal.noClaimsSummary'));
  const member = dispute.tribunal?.members.find((entry) => entry.userId === caller.userId);
  const name = member ? member.name : await callerName(deps, caller);
  const at = deps.clock.now().toISOString();
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const summary = current.claimsSummary;
      if (!summary) throw new ConflictError(refusal('tribunal.noClaimsSummary'));
      const next = {
        ...current,
        claimsSummary: {
          ...summary,
          comments: [...summary.comments, { by: role, userId: caller.userId, name, text: input.text, at }],
        },
      };
      // A party's comment may raise a new matter: the other party is heard on it before the tribunal drafts.
      return role === 'tribunal'
        ? next
        : withNewMatter(next, { kind: 'comment', raisedBy: role, text: input.text, at: new Date(at) });
    },
    dispute,
  );
  if (role !== 'tribunal') await announceNewMatter(deps, updated, role, caller.userId);
  await recordCallerAction(deps, caller, client, {
    action: 'CommentClaims',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Comment by the ${role} on the summary of the claims: ${input.text.slice(0, 300)}`,
  });
  return updated.claimsSummary!;
}

async function callerName(deps: Pick<Deps, 'store'>, caller: Caller): Promise<string> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  return user?.userName ?? caller.email;
}
