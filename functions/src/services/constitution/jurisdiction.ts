import { helsinkiCalendarDate, type JurisdictionView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ForbiddenError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { changeOpenDispute } from '../disputes/assert-not-final.js';
import { memberOf, readCaseForReader } from '../disputes/dispute-access.js';
import { constitutionOf, withConstitution } from '../disputes/constitution-record.js';
import { findOtherClauses } from './find-other-clauses.js';

/** `GET /api/dispute/{id}/tribunal/jurisdiction`: the other clauses found, and the tribunal's decision if made. */
export async function getJurisdiction(deps: Deps, caller: Caller, disputeId: string): Promise<JurisdictionView> {
  const { dispute } = await readCaseForReader(deps, caller, disputeId);
  const decision = constitutionOf(dispute).jurisdiction;
  return {
    clauses: await findOtherClauses(deps, dispute),
    ...(decision ? { decision: { text: decision.text, at: decision.at, name: decision.name } } : {}),
  };
}

/**
 * `POST /api/dispute/{id}/tribunal/jurisdiction`: a member of the tribunal records its decision on its
 * jurisdiction (a party's documents hold another arbitration clause); the award states it. A later record
 * replaces the earlier one until the award is adopted; each is audited.
 */
export async function recordJurisdiction(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; text: string },
  client: ClientInfo,
): Promise<JurisdictionView> {
  const { dispute } = await readCaseForReader(deps, caller, input.disputeId);
  const member = memberOf(dispute, caller.userId);
  if (!member || member.status !== 'Accepted')
    throw new ForbiddenError(refusal('constitution.jurisdictionTribunalOnly'));
  const at = deps.clock.now().toISOString();
  const decision = { text: input.text, at, name: member.name, userId: caller.userId };
  const updated = await changeOpenDispute(
    deps,
    dispute.id,
    (current) => withConstitution(current, (record) => ({ ...record, jurisdiction: decision })),
    dispute,
  );
  await recordCallerAction(deps, caller, client, {
    action: 'RecordJurisdiction',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `Decision on jurisdiction by ${member.name}: ${input.text.slice(0, 500)}`,
  });
  return {
    clauses: await findOtherClauses(deps, updated),
    decision: { text: decision.text, at, name: member.name },
  };
}

/**
 * `POST /api/dispute/{id}/tribunal/hearing`: a member records an oral hearing the tribunal held, or its
 * decision to decide the case on the documents; the award's history states which (award-frame-data.ts).
 * Recording again replaces the earlier record (both steps stay in the audit chain).
 */
export async function recordHearing(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; procedure: 'hearing' | 'documents'; date?: string | undefined; note: string },
  client: ClientInfo,
): Promise<void> {
  const { dispute } = await readCaseForReader(deps, caller, input.disputeId);
  const member = memberOf(dispute, caller.userId);
  if (!member || member.status !== 'Accepted')
    throw new ForbiddenError(refusal('constitution.jurisdictionTribunalOnly'));
  const recordedAt = deps.clock.now().toISOString();
  const procedure = input.procedure;
  // A decision on the documents is dated the day it is recorded (Helsinki calendar date).
  const date = procedure === 'hearing' && input.date ? input.date : helsinkiCalendarDate(recordedAt);
  await changeOpenDispute(
    deps,
    dispute.id,
    (current) =>
      withConstitution(current, (record) => ({
        ...record,
        hearing: { procedure, date, note: input.note, recordedAt, name: member.name, userId: caller.userId },
      })),
    dispute,
  );
  await recordCallerAction(deps, caller, client, {
    action: 'RecordHearing',
    entityType: 'Dispute',
    entityId: dispute.id,
    details:
      procedure === 'hearing'
        ? `Oral hearing on ${date} recorded by ${member.name}: ${input.note.slice(0, 300)}`
        : `Decision to decide on the documents recorded by ${member.name}${input.note ? `: ${input.note.slice(0, 300)}` : ''}`,
  });
}
