import type { CalendarDate, CorrectionKind, PhaseType, TribunalRole } from '@ratkaisu/core';

/** The parameters of each notice event, as the callers of notify.ts pass them. */

export type Side = 'claimant' | 'respondent';

/** What every case notice knows: the case and the full link (mails) to the exact place. */
export interface CaseFacts {
  caseName: string;
  caseNumber?: string;
  link: string;
}

export interface NoticeParams {
  decisionRequested: { bySide: Side; byName: string };
  decisionReady: { version?: number };
  otherPartyAccepted: { side: Side; version?: number };
  caseResolved: { version?: number };
  acceptanceLapsed: { bySide: Side; byName: string; version?: number; acceptedAt: string };
  tribunalRequested: { side: Side; size: number; answerBy?: string };
  tribunalRequestedAdmin: { side: Side; size: number };
  draftReady: { version?: number };
  /** `audience: 'tribunal'`: the arbitrators' mail, which asks nothing of them. */
  claimsExtracted: { version: number; audience?: 'tribunal' };
  claimsConfirmed: { side: Side };
  claimsCorrected: { side: Side; answerBy?: string };
  arbitratorAppointed: { role: TribunalRole };
  arbitratorAccepted: { name: string; role: TribunalRole; disclosure?: string; challengeUntil: string };
  tribunalConstituted: { members: { name: string; title: string; role: TribunalRole; disclosure?: string }[] };
  /**
   * A signed document delivered (§ 37), or the tribunal's decision rejecting a request (§§ 38–39).
   * `fixesFees`: the award orders the arbitrators' fees, so the § 47 period applies (docs/award-law.md).
   */
  tribunalDelivered: { kind: 'award' | CorrectionKind; rejection?: boolean; fileName?: string; fixesFees?: boolean };
  correctionRequested: {
    audience: 'otherParty' | 'tribunal';
    side: Side;
    kind: CorrectionKind;
    text: string;
    commentUntil: CalendarDate;
  };
  /** The respondent's invitation, when the claimant first sends the Claim phase (docs/product.md section 9). */
  caseInvitation: { claimantName: string; dueDate?: string };
  phaseStarted: { phase: PhaseType; dueDate?: string };
  tribunalSizeAnswered: { outcome: 'Agreed' | 'Refused' | 'Lapsed' };
  arbitratorChallenge: { arbitrator: string; step: 'filed' | 'Sustained' | 'Rejected'; reasons?: string };
  /** A party's correction of, or comment on, the summary of claims, put to the other party to answer. */
  newMatter: { party: Side; kind: 'correction' | 'comment'; answerBy: string };
  /** A later step of a request under §§ 38–39, or the tribunal's own-initiative correction (§ 38). */
  correctionStep: CorrectionStep;
  /** A representative of a party closed the account (docs/data-subject-rights.md): told to the other representatives. */
  representativeLeft: { side: Side };
  /** The case's data will be deleted at the end of its retention (docs/data-lifecycle.md). */
  retentionWarning: { deleteAfter: string; years: number };
  /** The tribunal's fees (docs/fees.md "The tribunal's advance"). */
  tribunalFees:
    | { kind: 'reminder'; dueBy: string; unpaid: ('administrativeFee' | Side)[] }
    | { kind: 'lapsed'; unpaid: ('administrativeFee' | Side)[]; credited: boolean }
    | { kind: 'sharePaidByOther'; bySide: Side }
    | { kind: 'advanceResized'; credited: boolean };
}

export type CorrectionStep =
  | { step: 'commented'; by: Side; requestSide: Side; kind: CorrectionKind; text: string; commentUntil: CalendarDate }
  | { step: 'periodSet'; requestSide: Side; kind: CorrectionKind; commentUntil: CalendarDate }
  | { step: 'granted'; requestSide: Side; kind: CorrectionKind }
  | { step: 'rejected'; requestSide: Side; kind: CorrectionKind; reasons: string }
  | { step: 'ownInitiative' }
  /** To the other members: the chair adopted a decision on a request (`kind`) or an own-initiative correction. */
  | { step: 'awaitsSignature'; chairName: string; kind?: CorrectionKind };

export interface RenderedNotice {
  subject: string;
  text: string;
  /** The in-app notice's line. */
  summary: string;
}
