import { createHash } from 'node:crypto';
import type { BaseDoc } from '../../ports/store.js';

/**
 * A case invitation in the `tokens` collection. The link in the invitation
 * mail carries a 256-bit random token; only its SHA-256 is stored, as the
 * document's id and partition (one point read, and a leaked store holds no
 * usable links). An invitation is bound to one case and one address and
 * expires; it grants nothing by itself — the case still opens only to a
 * signed-in user whose confirmed email the case names.
 */
export interface InvitationDocument extends BaseDoc {
  kind: 'invitation';
  disputeId: string;
  side: 'respondent' | 'claimant';
  /** The address the mail went to, as the case names it. */
  email: string;
  /** Lower-cased, for comparing with the address a sign-up gives. */
  emailKey: string;
  invitedBy: { userId: string; name: string; email: string };
  createdAt: string;
  expiresAt: string;
}

/** How long an invitation link works: longer than a phase's answer time, so a late reader still gets in. */
export const INVITATION_LIFETIME_DAYS = 30;

export function invitationTokenId(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}
