import { CLAIMANT_PHASES, type DisputeStatus, type PhaseType } from '../domain/phases.js';

/**
 * Whose move a case waits for: one answer, computed here, that the server stores on the case (so the
 * dashboard can list "Your turn" by query and keep paging) and that the case page shows in its banner.
 */

/** A party's side. */
export type PartySide = 'claimant' | 'respondent';
/** Where the reader sits in the case: a party's side, or on its tribunal. */
export type CaseSeat = PartySide | 'tribunal';

/**
 * Who the case waits for, the same for every reader:
 * - `claimant` / `respondent`: that party (its phase is active, or it has yet to accept the AI decision);
 * - `parties`: either party (create the AI decision, or both have yet to accept it);
 * - `tribunal`: the tribunal (being appointed, or deciding);
 * - `generating`: nobody — the AI decision is being written;
 * - `none`: nobody — the case is resolved or closed.
 */
export const TURN_HOLDERS = ['claimant', 'respondent', 'parties', 'tribunal', 'generating', 'none'] as const;
export type TurnHolder = (typeof TURN_HOLDERS)[number];

/**
 * Where the case stands beside its docs/product.md status: the parties exchange documents, the process has ended
 * (Resolution reached, by End Process or after the last letter) and the decision is next, or it is over.
 * The status stays InProgress while the decision is next; the stage says what that means.
 */
export type CaseStage = 'exchange' | 'processEnded' | 'resolved' | 'closed';

/** The one thing that moves the case on. */
export type NextStep =
  /** The holder's phase is open: upload documents, then Save and Send (or End Process where offered). */
  | 'uploadAndSend'
  /** No tribunal: either party creates the AI decision (again, after a failure) or requests a tribunal. */
  | 'createDecision'
  /** The AI decision is being generated. */
  | 'decisionGenerating'
  /** The AI decision is ready: it resolves the case once both parties accept it. */
  | 'acceptDecision'
  /** A tribunal was requested: administrators appoint it and the arbitrators accept. */
  | 'appointTribunal'
  /** The tribunal is constituted: it drafts, reviews, adopts and signs the award. */
  | 'tribunalDecides'
  | 'none';

/** What the turn is computed from: what the case document holds, and what the web has on the case page. */
export interface CaseTurnFacts {
  status: DisputeStatus;
  activePhaseType: PhaseType;
  /** The tribunal's state, once a party has requested one. */
  tribunalStatus?: 'Requested' | 'Appointed' | 'Constituted';
  /** The newest file of the Resolution phase (the decision), if any. */
  latestDecision?: {
    status?: 'Generating' | 'Completed' | 'Failed' | 'Draft';
    decisionKind?: 'aiDecision' | 'award';
    acceptedBy?: readonly PartySide[];
  };
}

export interface CaseTurnState {
  stage: CaseStage;
  holder: TurnHolder;
  next: NextStep;
}

/** From the reader's seat: their move, the other party's, the parties' (for an arbitrator), the tribunal's, or nobody's. */
export type TurnWhose = 'you' | 'otherParty' | 'parties' | 'tribunal' | 'nobody';

export interface CaseTurn extends CaseTurnState {
  whose: TurnWhose;
}

/** The case's stage, who it waits for and what comes next, whoever reads it. */
export function caseTurnState(facts: CaseTurnFacts): CaseTurnState {
  if (facts.status === 'Resolved') return { stage: 'resolved', holder: 'none', next: 'none' };
  if (facts.status === 'Closed') return { stage: 'closed', holder: 'none', next: 'none' };
  if (facts.activePhaseType !== 'Resolution') {
    const holder: PartySide = CLAIMANT_PHASES.includes(facts.activePhaseType) ? 'claimant' : 'respondent';
    return { stage: 'exchange', holder, next: 'uploadAndSend' };
  }
  // Resolution: the process has ended; with a tribunal, it decides (decision-authority.ts on the server).
  if (facts.tribunalStatus !== undefined) {
    return {
      stage: 'processEnded',
      holder: 'tribunal',
      next: facts.tribunalStatus === 'Constituted' ? 'tribunalDecides' : 'appointTribunal',
    };
  }
  const decision = facts.latestDecision;
  if (decision?.status === 'Generating')
    return { stage: 'processEnded', holder: 'generating', next: 'decisionGenerating' };
  if (decision?.status === 'Completed' && decision.decisionKind !== 'award') {
    const accepted = new Set(decision.acceptedBy ?? []);
    const holder: TurnHolder =
      accepted.has('claimant') && !accepted.has('respondent')
        ? 'respondent'
        : accepted.has('respondent') && !accepted.has('claimant')
          ? 'claimant'
          : 'parties';
    return { stage: 'processEnded', holder, next: 'acceptDecision' };
  }
  return { stage: 'processEnded', holder: 'parties', next: 'createDecision' };
}

/** Whether `holder` waits for the reader in `seat`. */
export function isTurnOf(holder: TurnHolder, seat: CaseSeat): boolean {
  if (seat === 'tribunal') return holder === 'tribunal';
  return holder === seat || holder === 'parties';
}

/** The case's turn as the reader in `seat` sees it. */
export function caseTurn(facts: CaseTurnFacts, seat: CaseSeat): CaseTurn {
  const state = caseTurnState(facts);
  return { ...state, whose: whoseTurn(state.holder, seat) };
}

function whoseTurn(holder: TurnHolder, seat: CaseSeat): TurnWhose {
  if (isTurnOf(holder, seat)) return 'you';
  switch (holder) {
    case 'claimant':
    case 'respondent':
    case 'parties':
      return seat === 'tribunal' ? 'parties' : 'otherParty';
    case 'tribunal':
      return 'tribunal';
    default:
      return 'nobody';
  }
}

/**
 * The holders for which a party's case is "Your turn" and "Waiting" on the dashboard (cases in progress
 * only): the dashboard lists them by query on the stored holder, so paging stays correct.
 */
export function turnHoldersFor(side: PartySide, group: 'yourTurn' | 'waiting'): TurnHolder[] {
  return TURN_HOLDERS.filter((holder) => holder !== 'none' && isTurnOf(holder, side) === (group === 'yourTurn'));
}
