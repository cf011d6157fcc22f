import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { DisputeDocument, Side } from './dispute-document.js';
import type { UserDocument } from '../../records/user-document.js';
import { INVITATION_LIFETIME_DAYS, invitationTokenId, type InvitationDocument } from './invitation-document.js';

const EXPIRED_KEPT_SECONDS = 90 * 24 * 3600;

/**
 * Issues an invitation to the case for the address the case names on `side`,
 * sent by `inviterId`; returns the token for the mail's link (not stored).
 */
export async function issueInvitation(
  deps: Pick<Deps, 'store' | 'clock'>,
  dispute: DisputeDocument,
  side: Side,
  inviterId: string,
): Promise<string> {
  const inviter = await deps.store.collection<UserDocument>('users').read(inviterId, inviterId);
  const email = side === 'respondent' ? dispute.respondent.email : dispute.claimant.email;
  const token = randomBytes(32).toString('base64url');
  const id = invitationTokenId(token);
  const now = deps.clock.now();
  const lifetimeSeconds = INVITATION_LIFETIME_DAYS * 24 * 3600;
  await deps.store.collection<InvitationDocument>('tokens').create({
    id,
    pk: id,
    kind: 'invitation',
    disputeId: dispute.id,
    side,
    email,
    emailKey: email.toLowerCase(),
    invitedBy: {
      userId: inviterId,
      name: inviter?.userName ?? dispute.createdBy.email,
      email: inviter?.email ?? dispute.createdBy.email,
    },
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
    // Kept a while past its expiry, so a late reader is told it expired rather than that it never was.
    ttl: lifetimeSeconds + EXPIRED_KEPT_SECONDS,
  });
  return token;
}

/** The invitation page's address for a token. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/invitation/${token}`;
}
