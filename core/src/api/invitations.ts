/**
 * What the public invitation route (`GET /api/invitation/{token}`) tells the
 * holder of an invitation link: enough to know which case they are invited
 * to and by whom, and which address the invitation is bound to. Nothing else
 * of the case; without the token nothing at all.
 */
export interface InvitationView {
  disputeId: string;
  caseName: string;
  /** The case number, when the case has one. */
  caseNumber?: string;
  /** The claimant party (a company or a person) that opened the case. */
  invitingParty: string;
  /** The person who sent the claim and with it the invitation. */
  invitedBy: { name: string; email: string };
  /** The address the invitation was sent to; sign-up with this token accepts only it. */
  invitedEmail: string;
  /** The role the invited address holds in the case. */
  side: 'respondent' | 'claimant';
  /** ISO 8601, UTC. */
  expiresAt: string;
  /**
   * When the invited side's answer is due (ISO 8601, UTC): the due date of the open phase in which that side
   * acts (the Response phase for a respondent). Absent once that phase is closed or has no due date.
   */
  responseDueDate?: string;
  /** Where the case opens once signed in: `/case-attachment/{disputeId}`. */
  casePath: string;
  /** The case's language (its mails' and documents'): the invitation page opens in it unless the browser chose one. */
  language?: 'en' | 'fi';
  /** The case is resolved (final, or closed): nothing waits for an answer; the page offers to open it. */
  resolved?: true;
}

/** The shape of an invitation token: 256 random bits, base64url. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
