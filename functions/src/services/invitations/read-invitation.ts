import { CLAIMANT_PHASES, INVITATION_TOKEN_PATTERN, isFinal, type InvitationView, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { DomainError, NotFoundError } from '../../errors.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { invitationTokenId, type InvitationDocument } from '../disputes/invitation-document.js';

export const INVITATION_NOT_FOUND_MESSAGE = refusal('accounts.invitationNotFound').message;
export const INVITATION_EXPIRED_MESSAGE = refusal('accounts.invitationExpired').message;

/**
 * The invitation a token names, with its case. Every failure that tells
 * nothing to a guesser — no such token, a token of another kind, a case that
 * is gone or no longer names the invited address — is the same 404; only an
 * expired invitation (which its holder did receive) says so.
 */
export async function findInvitation(
  deps: Pick<Deps, 'store' | 'clock'>,
  token: string,
): Promise<{ invitation: InvitationDocument; dispute: DisputeDocument }> {
  if (!INVITATION_TOKEN_PATTERN.test(token)) throw new NotFoundError(refusal('accounts.invitationNotFound'));
  const id = invitationTokenId(token);
  const found = await deps.store.collection<InvitationDocument>('tokens').read(id, id);
  if (!found || found.kind !== 'invitation') throw new NotFoundError(refusal('accounts.invitationNotFound'));
  if (Date.parse(found.expiresAt) <= deps.clock.now().getTime()) {
    throw new DomainError('invitation_expired', 410, refusal('accounts.invitationExpired'));
  }
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(found.disputeId, found.disputeId);
  const namedKey = found.side === 'respondent' ? dispute?.respondentEmailKey : dispute?.claimantEmailKey;
  if (!dispute || namedKey !== found.emailKey) throw new NotFoundError(refusal('accounts.invitationNotFound'));
  const { _etag: _ignored, ...invitation } = found;
  return { invitation, dispute };
}

/** `GET /api/invitation/{token}`: what the invitation page shows. */
export async function readInvitation(deps: Pick<Deps, 'store' | 'clock'>, token: string): Promise<InvitationView> {
  const { invitation, dispute } = await findInvitation(deps, token);
  return {
    disputeId: dispute.id,
    caseName: dispute.name,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    invitingParty: invitation.side === 'respondent' ? dispute.claimant.name : dispute.respondent.name,
    invitedBy: { name: invitation.invitedBy.name, email: invitation.invitedBy.email },
    invitedEmail: invitation.email,
    side: invitation.side,
    expiresAt: invitation.expiresAt,
    ...responseDue(dispute, invitation.side),
    casePath: `/case-attachment/${encodeURIComponent(dispute.id)}`,
    ...(dispute.language ? { language: dispute.language } : {}),
    // A reused invitation to a case that has ended: the page says so instead of asking for an answer.
    ...(isFinal(dispute) || dispute.status === 'Resolved' || dispute.status === 'Closed'
      ? { resolved: true as const }
      : {}),
  };
}

/** The due date of the active phase when the invited side is the one to act in it (Response for a respondent). */
function responseDue(dispute: DisputeDocument, side: 'respondent' | 'claimant'): { responseDueDate?: string } {
  const active = dispute.phases.find((phase) => phase.id === dispute.activePhaseId);
  if (!active?.dueDate || active.dateCompleted) return {};
  const actsNow =
    side === 'respondent' ? !CLAIMANT_PHASES.includes(active.type) : CLAIMANT_PHASES.includes(active.type);
  return actsNow && active.type !== 'Resolution' ? { responseDueDate: active.dueDate } : {};
}
