import type { Deps } from '../../deps.js';
import type { DisputeDocument, Side } from '../disputes/dispute-document.js';
import { partyRecipients, tribunalRecipients } from '../award-delivery/party-recipients.js';
import { notify, type NoticeRecipient } from '../notices/notify.js';
import { casePath, reviewPath } from '../notices/notice-paths.js';

/** The tribunal's seated members, with their accounts (they have one: appointment needs it). */
export function tribunalNoticeRecipients(dispute: DisputeDocument): NoticeRecipient[] {
  const accepted = new Set(tribunalRecipients(dispute));
  return (dispute.tribunal?.members ?? [])
    .filter((member) => accepted.has(member.email))
    .map((member) => ({ email: member.email, ...(member.userId ? { userId: member.userId } : {}) }));
}

function facts(dispute: DisputeDocument) {
  return {
    caseName: dispute.name,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    disputeId: dispute.id,
  };
}

/**
 * A decision landed on the case (run-decision-job.ts): an AI decision is announced to both parties
 * ("decision ready"), a tribunal's draft to the seated members ("draft ready", linking the review page).
 */
export async function announceDecisionLanded(deps: Deps, disputeId: string, attachmentId: string): Promise<void> {
  // The decision is landed and audited: a failed read here only costs the notices, which are logged.
  const dispute = await deps.store
    .collection<DisputeDocument>('disputes')
    .read(disputeId, disputeId)
    .catch((error: unknown) => {
      deps.log.warn('Reading the case for its decision notices failed', { disputeId, error });
      return undefined;
    });
  const attachment = dispute?.phases.flatMap((phase) => phase.attachments).find((file) => file.id === attachmentId);
  if (!dispute || !attachment) return;
  const version = attachment.version !== undefined ? { version: attachment.version } : {};
  if (attachment.decisionKind === 'aiDecision') {
    await notify(deps, {
      ...facts(dispute),
      event: 'decisionReady',
      params: version,
      path: casePath(dispute.id, 'decision'),
      recipients: partyRecipients(dispute),
    });
  } else {
    await notify(deps, {
      ...facts(dispute),
      event: 'draftReady',
      params: version,
      path: reviewPath(dispute.id, attachment.id),
      recipients: tribunalNoticeRecipients(dispute),
    });
  }
}

/**
 * A new summary of the claims: both parties, asked to confirm or correct their own claims, and the tribunal,
 * told that the parties are asked (an arbitrator has no claims to confirm), each mail worded for its reader.
 */
export async function announceClaimsExtracted(deps: Deps, dispute: DisputeDocument, version: number): Promise<void> {
  const parties = partyRecipients(dispute);
  const partyEmails = new Set(parties.map((recipient) => recipient.email.trim().toLowerCase()));
  const common = { ...facts(dispute), event: 'claimsExtracted' as const, path: casePath(dispute.id, 'claims-summary') };
  await notify(deps, { ...common, params: { version }, recipients: parties });
  await notify(deps, {
    ...common,
    params: { version, audience: 'tribunal' },
    // Whoever is mailed as a party is not mailed twice.
    recipients: tribunalNoticeRecipients(dispute).filter(
      (recipient) => !partyEmails.has(recipient.email.trim().toLowerCase()),
    ),
  });
}

/**
 * A party confirmed or corrected the summary of its claims: the other party and the tribunal on a
 * confirmation; the tribunal on a correction (the other party is asked to answer it by the new matter's own
 * mail, constitution/new-matters.ts, which names the period).
 */
export async function announceClaimsAnswered(
  deps: Deps,
  dispute: DisputeDocument,
  side: Side,
  corrected: boolean,
): Promise<void> {
  const others = partyRecipients(dispute).filter((recipient) => recipient.side !== side);
  await notify(deps, {
    ...facts(dispute),
    ...(corrected
      ? { event: 'claimsCorrected' as const, params: { side } }
      : { event: 'claimsConfirmed' as const, params: { side } }),
    path: casePath(dispute.id, 'claims-summary'),
    recipients: [...(corrected ? [] : others), ...tribunalNoticeRecipients(dispute)],
  });
}
