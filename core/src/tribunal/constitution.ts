import { z } from 'zod';

/**
 * The tribunal's legal footing: the arbitration agreement both parties accept on the
 * case, the tribunal's size when one party asks for three, challenges of an arbitrator, the tribunal's
 * decision on its jurisdiction when a party's documents hold another arbitration clause, and every new
 * matter put to the other party before the tribunal drafts. Shapes and texts shared by server and web.
 */

/**
 * The arbitration agreement (välityssopimus) each party accepts on the case, versioned. LAWYER REVIEW: the
 * clause follows the Arbitration Act 967/1992 (§ 3: a written agreement; § 22: seat; § 23: language; § 20:
 * written procedure unless a party asks for a hearing) — to be confirmed by a lawyer before production use.
 */
export const ARBITRATION_AGREEMENT = {
  version: '2026-11-27',
  fi:
    'Tätä asiaa koskevat erimielisyydet ratkaistaan lopullisesti välimiesmenettelyssä välimiesmenettelystä ' +
    'annetun lain (967/1992) mukaisesti Ratkaisu-palvelun menettelyssä. Välimiesmenettelyn paikka on Helsinki ja ' +
    'kieli suomi, jollei asianosaisten kesken toisin sovita. Ratkaisu-palvelu toimii välimiesten nimeävänä ' +
    'tahona. Asia käsitellään kirjallisesti, jollei asianosainen pyydä suullista käsittelyä.',
  en:
    'Disputes concerning this case are finally settled in arbitration under the Finnish Arbitration Act ' +
    '(967/1992) through the procedure of the Ratkaisu service. The seat of arbitration is Helsinki and the ' +
    'language Finnish, unless the parties agree otherwise. The Ratkaisu service is the appointing authority. ' +
    'The case is decided on the documents unless a party asks for an oral hearing.',
} as const;

/** Days a party has to challenge an arbitrator after the acceptance is made known. */
export const CHALLENGE_PERIOD_DAYS = 15;
/** Days the other party has to agree to (or refuse) a request for three arbitrators. */
export const TRIBUNAL_SIZE_ANSWER_DAYS = 7;
/** Days the other party has to answer a correction of the claims or a comment raising a new matter. */
export const NEW_MATTER_ANSWER_DAYS = 7;

/** The words that show another arbitration clause in a party's document. */
export const OTHER_CLAUSE_PATTERN =
  /välimie(?:s|he|st)|välimiesmenettel|välityslauseke|välityssopimu|arbitration|arbitral|\bFAI\b|Keskuskauppakamari|Chamber of Commerce/iu;

/** `POST /api/dispute/{id}/agreement`: the caller's side accepts the agreement in the version shown. */
export const acceptAgreementSchema = z.object({
  version: z.literal(ARBITRATION_AGREEMENT.version, {
    error: 'The arbitration agreement has changed: read it again and accept this version.',
  }),
});

/** `POST /api/dispute/{id}/tribunal/size`: the other party agrees to three arbitrators or refuses. */
export const answerTribunalSizeSchema = z.object({ agree: z.boolean() });

/** `POST /api/dispute/{id}/tribunal/challenges`: a party challenges an arbitrator, with grounds. */
export const challengeArbitratorSchema = z.object({
  arbitratorId: z.string().min(1).max(255),
  grounds: z.string().trim().min(10, 'State the grounds of the challenge (at least 10 characters).').max(8000),
});

/** `POST /api/admin/tribunal/{id}/challenges/{challengeId}`: the appointing authority decides, with reasons. */
export const decideChallengeSchema = z.object({
  sustained: z.boolean(),
  reasons: z.string().trim().min(10, 'Give the reasons for the decision (at least 10 characters).').max(8000),
});

/** `POST /api/dispute/{id}/tribunal/jurisdiction`: the tribunal's decision on its jurisdiction. */
export const recordJurisdictionSchema = z.object({
  text: z
    .string()
    .trim()
    .min(20, 'Write the tribunal’s decision on its jurisdiction (at least 20 characters).')
    .max(8000),
});

/** `POST /api/dispute/{id}/tribunal/matters/{matterId}/answer`: the other party's answer to a new matter. */
export const answerNewMatterSchema = z.object({
  text: z.string().trim().min(1, 'Write your answer.').max(20_000),
});

/**
 * `POST /api/dispute/{id}/tribunal/hearing`: the tribunal records an oral hearing it held (the default, with
 * its date and where and how it was held), or its decision to decide the case on the documents (a note with
 * its grounds is optional; the agreement already provides for it unless a party asks for a hearing).
 */
export const recordHearingSchema = z
  .object({
    procedure: z
      .enum(['hearing', 'documents'], { error: 'Choose an oral hearing or the documents.' })
      .default('hearing'),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/u, 'Give the hearing’s date.')
      .optional(),
    note: z.string().trim().max(2000).default(''),
  })
  .superRefine((value, context) => {
    if (value.procedure !== 'hearing') return;
    if (!value.date) context.addIssue({ code: 'custom', path: ['date'], message: 'Give the hearing’s date.' });
    if (value.note.length < 3) {
      context.addIssue({ code: 'custom', path: ['note'], message: 'Say where and how the hearing was held.' });
    }
  });

export interface AgreementAcceptanceView {
  version: string;
  at: string;
  name: string;
}

export interface AgreementView {
  version: string;
  claimant?: AgreementAcceptanceView;
  respondent?: AgreementAcceptanceView;
}

/** A request for three arbitrators, put to the other party. */
export interface TribunalSizeRequestView {
  requestedBySide: 'claimant' | 'respondent';
  answerBy: string;
  status: 'Pending' | 'Agreed' | 'Refused' | 'Lapsed';
  answeredAt?: string;
}

export interface ChallengeView {
  id: string;
  arbitratorId: string;
  arbitratorName: string;
  side: 'claimant' | 'respondent';
  name: string;
  grounds: string;
  at: string;
  status: 'Open' | 'Sustained' | 'Rejected';
  decidedAt?: string;
  decidedBy?: string;
  reasons?: string;
}

/** Each seated arbitrator's challenge period, and which sides waived it. */
export interface ChallengePeriodView {
  arbitratorId: string;
  until: string;
}

export interface ChallengeWaiverView {
  side: 'claimant' | 'respondent';
  at: string;
  name: string;
  arbitratorIds: string[];
}

/** A correction of the claims or a comment put to the other party with a period to answer. */
export interface NewMatterView {
  id: string;
  kind: 'correction' | 'comment';
  raisedBy: 'claimant' | 'respondent';
  raisedAt: string;
  text: string;
  answerBy: string;
  answer?: { text: string; at: string; name: string };
}

export interface JurisdictionView {
  /** Another arbitration clause found in a party's document (file and page), for the tribunal. */
  clauses: { fileName: string; page: number; excerpt: string }[];
  decision?: { text: string; at: string; name: string };
}

export interface HearingView {
  /** An oral hearing held, or the tribunal's decision to decide on the documents (older records: a hearing). */
  procedure: 'hearing' | 'documents';
  /** The hearing's date; for a decision on the documents, the day it was recorded. */
  date: string;
  note: string;
  recordedAt: string;
  name: string;
}

export const CONSTITUTION_MESSAGES = {
  agreementAlreadyAccepted: 'Your side has already accepted the arbitration agreement.',
  agreementPartiesOnly: 'Only a party’s representative can accept the arbitration agreement.',
  agreementMissing:
    'Both parties must accept the arbitration agreement on the case before the tribunal can adopt the award.',
  sizeNotPending: 'There is no request for three arbitrators waiting for your answer.',
  sizeOwnRequest: 'The other party answers the request for three arbitrators.',
  sizePending:
    'The other party has not yet answered the request for three arbitrators: appoint once it agrees, refuses or the period ends.',
  sizeMismatch:
    'Appoint as many arbitrators as the case’s tribunal has (a sole arbitrator unless both parties agreed to three).',
  challengePartiesOnly: 'Only a party can challenge an arbitrator.',
  challengeNotSeated: 'That arbitrator does not sit on this case’s tribunal.',
  challengePeriodOver: 'The 15-day period to challenge this arbitrator has ended.',
  challengeAlreadyOpen: 'A challenge of this arbitrator is already waiting for the appointing authority’s decision.',
  challengeNotFound: 'Challenge not found.',
  challengeDecided: 'This challenge has already been decided.',
  alreadyWaived: 'Your side has already waived its right to challenge the present tribunal.',
  nothingToWaive: 'No accepted arbitrator to waive a challenge for.',
  challengeOpen:
    'A challenge of an arbitrator is waiting for the appointing authority’s decision: the award cannot be adopted meanwhile.',
  challengePeriodRunning:
    'The parties’ 15-day period to challenge an arbitrator has not ended and not both parties have waived it: the award cannot be adopted yet.',
  notConstituted: 'The tribunal is not constituted: an arbitrator’s seat is open.',
  jurisdictionRequired:
    'A party’s documents contain another arbitration clause: record the tribunal’s decision on its jurisdiction before adopting the award.',
  jurisdictionTribunalOnly: 'Only a member of the tribunal can record its decision on jurisdiction or a hearing.',
  matterNotFound: 'No such matter waits for an answer.',
  matterNotYours: 'Only the other party answers this matter.',
  matterAnswered: 'This matter has already been answered.',
  matterUnanswered:
    'A correction of the claims or a new matter has been put to the other party: the tribunal can draft once it has answered or its period has ended.',
} as const;

/** The case's legal footing as both parties and the tribunal see it (`DisputeView.constitution`). */
export interface ConstitutionView {
  agreement: AgreementView;
  sizeRequest?: TribunalSizeRequestView;
  challengePeriods: ChallengePeriodView[];
  waivers: ChallengeWaiverView[];
  challenges: ChallengeView[];
  newMatters: NewMatterView[];
  jurisdiction?: { text: string; at: string; name: string };
  hearing?: HearingView;
}
