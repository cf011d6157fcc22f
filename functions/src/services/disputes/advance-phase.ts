import { randomUUID } from 'node:crypto';
import {
  endProcessOffered,
  isPhaseType,
  nextPhaseType,
  PHASE_TYPES,
  type DisplayLanguage,
  type PhaseView,
  refusal,
} from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { BadRequestError, ConflictError, ForbiddenError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { StoreConflictError } from '../../ports/store.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { readVisibleDispute } from './dispute-access.js';
import { assertNotFinal } from './assert-not-final.js';
import {
  activePhase,
  addDays,
  phaseOwner,
  toPhaseView,
  withLookupIndexes,
  type DisputeDocument,
  type PhaseRecord,
  type Side,
} from './dispute-document.js';
import { casePath } from '../notices/notice-paths.js';
import { notify } from '../notices/notify.js';
import type { UserDocument } from '../../records/user-document.js';
import { invitationLink, issueInvitation } from './issue-invitation.js';
import { requirePaid } from '../payments/due-payment.js';
import { filingFeePoint } from './filing-fee.js';

export const NO_ATTACHMENTS_MESSAGE = refusal('cases.noAttachments').message;
export const CASE_ENDED_MESSAGE = refusal('cases.ended').message;
export const PHASE_CHANGED_MESSAGE = refusal('cases.phaseChanged').message;

/**
 * Moves a case on (Save and Send), or ends the process (End Process) by moving
 * to Resolution. `target` must be the phase after the active one, or
 * Resolution when End Process is offered (docs/product.md section 4). Only the side
 * that owns the active phase may move it on. The write is conditional on the
 * etag read, so of two simultaneous calls exactly one wins; the other is a 409.
 */
export async function advancePhase(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; target: string },
  client: ClientInfo,
): Promise<PhaseView[]> {
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  // The write below is conditional on this very version, so a case that became final since is a 409 too.
  assertNotFinal(dispute);
  const { target } = input;
  if (!isPhaseType(target))
    throw new BadRequestError(refusal('cases.phaseTypeInvalid', { types: PHASE_TYPES.join(', ') }));
  const active = activePhase(dispute);
  const owner = phaseOwner(active.type);
  if (!owner) throw new BadRequestError(refusal('cases.ended'));
  if (owner !== side) {
    throw new ForbiddenError(
      refusal(owner === 'claimant' ? 'cases.moveClaimantPhase' : 'cases.moveRespondentPhase', { phase: active.type }),
    );
  }

  const next = nextPhaseType(active.type);
  // The letter phase End Process looks at is always the active one, so an offered End Process never needs files.
  const endProcess = target === 'Resolution' && endProcessOffered(dispute.phases);
  if (!endProcess) {
    if (target !== next) {
      throw new BadRequestError(
        target === 'Resolution'
          ? refusal('cases.endProcessUnavailable')
          : refusal('cases.onlyNextPhase', { phase: next ?? target }),
      );
    }
    if (active.attachments.length === 0) throw new BadRequestError(refusal('cases.noAttachments'));
    // The claim's first sending waits for the filing fee when fees are charged (docs/fees.md "Due points").
    if (active.type === 'Claim') await requirePaid(deps, filingFeePoint(dispute, caller.userId, caller.email));
  }

  const { updated, started } = movedOn(deps, withoutEtag(dispute), active, target);
  try {
    await deps.store.collection<DisputeDocument>('disputes').replace(updated, { ifMatch: dispute._etag });
  } catch (error) {
    if (error instanceof StoreConflictError) throw new ConflictError(refusal('cases.phaseChanged'));
    throw error;
  }

  await recordCallerAction(deps, caller, client, {
    action: endProcess ? 'EndProcess' : 'AdvancePhase',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: `${active.type} -> ${target}`,
  });
  await notifyOtherSide(deps, updated, side, started, caller.userId);
  return updated.phases.map(toPhaseView);
}

/** The case with its active phase completed and `target` started, due in PHASE_DUE_DAYS. */
export function movedOn(
  deps: Pick<Deps, 'clock' | 'config'>,
  dispute: DisputeDocument,
  active: PhaseRecord,
  target: PhaseRecord['type'],
  extra: Partial<PhaseRecord> = {},
): { updated: DisputeDocument; started: PhaseRecord } {
  const now = deps.clock.now();
  const started: PhaseRecord = {
    id: randomUUID(),
    type: target,
    dateCreated: now.toISOString(),
    dueDate: addDays(now, deps.config.cases.phaseDueDays).toISOString(),
    attachments: [],
    ...extra,
  };
  const updated: DisputeDocument = withLookupIndexes({
    ...dispute,
    phases: [
      ...dispute.phases.map((phase) =>
        phase.id === active.id ? { ...phase, dateCompleted: now.toISOString() } : phase,
      ),
      started,
    ],
    activePhaseId: started.id,
    status: dispute.status === 'Pending' && target === 'Response' ? 'InProgress' : dispute.status,
  });
  return { updated, started };
}

/** Tells the other side that the case moved on; the claim's first sending is the respondent's invitation. */
export async function notifyOtherSide(
  deps: Deps,
  dispute: DisputeDocument,
  actor: Side,
  phase: PhaseRecord,
  actorId: string,
  onceKey?: string,
): Promise<void> {
  const to = actor === 'claimant' ? dispute.respondent.email : dispute.claimant.email;
  if (!to) return;
  const dueDate = phase.dueDate ? { dueDate: phase.dueDate } : {};
  // In the recipient's language; an address without an account reads the case's language, else the sender's.
  const fallbackLanguage = dispute.language ?? (await senderLanguage(deps, actorId));
  const common = {
    caseName: dispute.name,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    disputeId: dispute.id,
    tenantId: dispute.tenantId,
    recipients: [{ email: to }],
    ...(fallbackLanguage ? { fallbackLanguage } : {}),
    ...(onceKey ? { key: onceKey } : {}),
  };
  // The claim's first sending is the respondent's invitation to the case.
  if (phase.type === 'Response') {
    const invitation = await invitationLinkFor(deps, dispute, actorId);
    await notify(deps, {
      ...common,
      event: 'caseInvitation',
      params: { claimantName: dispute.claimant.name, ...dueDate },
      path: invitation ?? casePath(dispute.id),
    });
  } else {
    await notify(deps, {
      ...common,
      event: 'phaseStarted',
      params: { phase: phase.type, ...dueDate },
      path: casePath(dispute.id),
    });
  }
}

async function senderLanguage(deps: Deps, userId: string): Promise<DisplayLanguage | undefined> {
  const user = await deps.store
    .collection<UserDocument>('users')
    .read(userId, userId)
    .catch(() => undefined);
  return user?.language;
}

/** The invitation page's path; the plain case path when the invitation could not be stored (the mail goes anyway). */
async function invitationLinkFor(deps: Deps, dispute: DisputeDocument, actorId: string): Promise<string | undefined> {
  try {
    return invitationLink('', await issueInvitation(deps, dispute, 'respondent', actorId));
  } catch (error) {
    deps.log.error('Storing the invitation failed; the mail links to the case instead', {
      disputeId: dispute.id,
      error,
    });
    return undefined;
  }
}

export function withoutEtag<T extends object>(doc: T & { _etag: string }): T {
  const { _etag: _ignored, ...rest } = doc;
  return rest as unknown as T;
}
