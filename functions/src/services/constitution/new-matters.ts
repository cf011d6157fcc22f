import { randomUUID } from 'node:crypto';
import { NEW_MATTER_ANSWER_DAYS, type ConstitutionView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordAudit } from '../audit/record-audit.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeOpenDispute } from '../disputes/assert-not-final.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { addDays, type DisputeDocument, type Side } from '../disputes/dispute-document.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import { constitutionOf, otherSide, toConstitutionView, withConstitution } from '../disputes/constitution-record.js';
import { partyName } from './party-name.js';

/**
 * Every new claim heard: a party's correction of the summary of its claims, and a party's
 * comment, is put to the other party with NEW_MATTER_ANSWER_DAYS to answer; the tribunal drafts only after
 * the answer or the period's end (request-decision-generation.ts asks `unansweredMatters`).
 */
export function withNewMatter<T extends DisputeDocument>(
  dispute: T,
  matter: { kind: 'correction' | 'comment'; raisedBy: Side; text: string; at: Date },
): T {
  return withConstitution(dispute, (record) => ({
    ...record,
    newMatters: [
      ...record.newMatters,
      {
        id: randomUUID(),
        kind: matter.kind,
        raisedBy: matter.raisedBy,
        raisedAt: matter.at.toISOString(),
        text: matter.text,
        answerBy: addDays(matter.at, NEW_MATTER_ANSWER_DAYS).toISOString(),
      },
    ],
  }));
}

/** After the write that put a matter: the other party is mailed, and the chain records it. */
export async function announceNewMatter(
  deps: Deps,
  dispute: DisputeDocument,
  raisedBy: Side,
  userId: string,
): Promise<void> {
  const matter = constitutionOf(dispute).newMatters.at(-1);
  if (!matter) return;
  const to = dispute[otherSide(raisedBy)].email;
  if (to) {
    await notify(deps, {
      event: 'newMatter',
      params: { party: raisedBy, kind: matter.kind, answerBy: matter.answerBy },
      caseName: dispute.name,
      ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
      disputeId: dispute.id,
      path: casePath(dispute.id, 'claims-summary'),
      recipients: [{ email: to }],
    });
  }
  await recordAudit(deps, {
    action: 'PutNewMatter',
    entityType: 'Dispute',
    entityId: dispute.id,
    userId,
    success: true,
    details: `The ${raisedBy}'s ${matter.kind} (${matter.id}) put to the ${otherSide(raisedBy)} to answer by ${matter.answerBy}`,
  });
}

/** `POST /api/dispute/{id}/tribunal/matters/{matterId}/answer`: the other party answers a matter, once. */
export async function answerNewMatter(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; matterId: string; text: string },
  client: ClientInfo,
): Promise<ConstitutionView> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  const name = await partyName(deps, caller);
  const at = deps.clock.now().toISOString();
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => {
      const matter = constitutionOf(current).newMatters.find((entry) => entry.id === input.matterId);
      if (!matter) throw new NotFoundError(refusal('constitution.matterNotFound'));
      if (matter.raisedBy === side) throw new ForbiddenError(refusal('constitution.matterNotYours'));
      if (matter.answer) throw new ConflictError(refusal('constitution.matterAnswered'));
      return withConstitution(current, (record) => ({
        ...record,
        newMatters: record.newMatters.map((entry) =>
          entry.id === matter.id ? { ...entry, answer: { text: input.text, at, name, userId: caller.userId } } : entry,
        ),
      }));
    },
    dispute,
  );
  await recordCallerAction(deps, caller, client, {
    action: 'AnswerNewMatter',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `The ${side} answered matter ${input.matterId}: ${input.text.slice(0, 300)}`,
  });
  return toConstitutionView(constitutionOf(updated));
}
