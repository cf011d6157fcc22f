import { randomUUID } from 'node:crypto';
import {
  SAME_PARTY_MESSAGES,
  sharedPartyDetail,
  sharedPartyField,
  type DisplayLanguage,
  type DisputeView,
  type NewDispute,
  type SharedPartyDetail,
  refusal,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, DomainError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { StoreConflictError } from '../../ports/store.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { UserDocument } from '../../records/user-document.js';
import { nextCaseNumber } from './case-number.js';
import { addOpenedCase } from './party-case-list.js';
import { emptyConstitution } from './constitution-record.js';
import {
  addDays,
  emailKey,
  toDisputeView,
  withLookupIndexes,
  type DisputeDocument,
  type PhaseRecord,
} from './dispute-document.js';

/**
 * A case whose two sides share a representative's e-mail or a business ID (docs/decisions.md, "One side per
 * representative"): 400 with the respondent's field named, in the caller's account language.
 */
export class SamePartyError extends DomainError {
  constructor(detail: SharedPartyDetail, language: DisplayLanguage) {
    const message = SAME_PARTY_MESSAGES[language][detail];
    super('same_party_on_both_sides', 400, message, { [sharedPartyField(detail)]: message });
  }
}

export const DISPUTE_ID_TAKEN_MESSAGE = refusal('cases.idTaken').message;

/**
 * Opens a case: Pending, with the Claim phase active and due in PHASE_DUE_DAYS
 * (config.cases.phaseDueDays). The client generates the id, so a retried request (same id,
 * same caller, same content) answers the case already created instead of
 * creating a second one; any other use of a taken id is a conflict.
 * Nobody is mailed yet: the respondent's representative is invited when the claimant
 * first sends the Claim phase, which needs at least one document (advance-phase.ts).
 */
export async function createDispute(
  deps: Deps,
  caller: Caller,
  input: NewDispute,
  client: ClientInfo,
): Promise<{ dispute: DisputeView; created: boolean }> {
  const now = deps.clock.now();
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  const shared = sharedPartyDetail(input.claimant, input.respondent);
  if (shared) throw new SamePartyError(shared, user?.language ?? 'en');
  // The claimant's acceptance of the arbitration agreement, when given with the case (as accept-agreement.ts records it).
  const accepted = input.agreementVersion
    ? {
        version: input.agreementVersion,
        at: now.toISOString(),
        name: user?.userName ?? caller.email,
        userId: caller.userId,
      }
    : undefined;
  const claim: PhaseRecord = {
    id: randomUUID(),
    type: 'Claim',
    dateCreated: now.toISOString(),
    dueDate: addDays(now, deps.config.cases.phaseDueDays).toISOString(),
    attachments: [],
  };
  const doc: DisputeDocument = withLookupIndexes({
    id: input.id,
    pk: input.id,
    name: input.name,
    description: input.description,
    dateCreated: now.toISOString(),
    createdBy: { id: caller.userId, email: caller.email },
    claimant: input.claimant,
    respondent: input.respondent,
    claimantEmailKey: emailKey(input.claimant.email),
    respondentEmailKey: emailKey(input.respondent.email),
    status: 'Pending',
    phases: [claim],
    activePhaseId: claim.id,
    tenantId: caller.tenantId,
    phaseIds: [],
    attachmentIds: [],
    // Allocated before the write; a request that turns out to repeat an earlier one leaves a gap in the sequence.
    caseNumber: await nextCaseNumber(deps),
    ...(accepted ? { constitution: { ...emptyConstitution(), agreement: { claimant: accepted } } } : {}),
    ...(input.language ? { language: input.language } : {}),
    ...(input.amountInDispute !== undefined ? { amountInDisputeCents: input.amountInDispute } : {}),
  });

  // On its parties' case lists first: a crash before the case is written leaves an id that readers skip.
  await addOpenedCase(deps, doc);
  const disputes = deps.store.collection<DisputeDocument>('disputes');
  try {
    await disputes.create(doc);
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
    const existing = await disputes.read(input.id, input.id);
    if (existing && existing.createdBy.id === caller.userId && sameContent(existing, input)) {
      return { dispute: toDisputeView(existing, 'claimant'), created: false };
    }
    throw new ConflictError(refusal('cases.idTaken'));
  }

  await recordCallerAction(deps, caller, client, { action: 'CreateDispute', entityType: 'Dispute', entityId: doc.id });
  if (accepted) {
    await recordCallerAction(deps, caller, client, {
      action: 'AcceptAgreement',
      entityType: 'Dispute',
      entityId: doc.id,
      details: `The claimant accepted the arbitration agreement version ${accepted.version} when opening the case`,
    });
  }
  return { dispute: toDisputeView(doc, 'claimant'), created: true };
}

function sameContent(existing: DisputeDocument, input: NewDispute): boolean {
  const parties = (party: NewDispute['claimant']) =>
    JSON.stringify([party.name, party.identificationNumber, party.email, party.address]);
  return (
    existing.name === input.name &&
    existing.description === input.description &&
    parties(existing.claimant) === parties(input.claimant) &&
    parties(existing.respondent) === parties(input.respondent)
  );
}
