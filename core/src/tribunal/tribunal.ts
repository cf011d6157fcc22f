import type { AiProvenance } from '../api/ai-use.js';
import { z } from 'zod';
import { dispositivePartSchema, type DispositivePart } from '../decision/dispositive.js';
import type { DecisionSettings } from '../decision/decision-settings.js';
import type { ChapterReviewView } from './chapter-change.js';

/**
 * The tribunal (docs/architecture.md "The tribunal"): the people who decide a case.
 * The AI drafts; an arbitrator reviews, edits, adopts and signs the award
 * (Arbitration Act 967/1992 § 36: an award is written and signed by the
 * arbitrators). These are the shapes and texts shared by the server and the web.
 */

/** What a user needs to sit as an arbitrator: the name and title printed under the signature line. */
/** The arbitrator profile's field texts (catalogued under `tribunal`, so a form says them in the user's language). */
export const ARBITRATOR_PROFILE_MESSAGES = {
  nameRequired: 'The arbitrator’s name is required.',
  titleRequired: 'The arbitrator’s title is required (e.g. “OTT, asianajaja”).',
} as const;

export const arbitratorProfileSchema = z.object({
  name: z.string().trim().min(2, ARBITRATOR_PROFILE_MESSAGES.nameRequired).max(120),
  title: z.string().trim().min(2, ARBITRATOR_PROFILE_MESSAGES.titleRequired).max(120),
});
export type ArbitratorProfile = z.infer<typeof arbitratorProfileSchema>;

export const TRIBUNAL_SIZES = [1, 3] as const;
export type TribunalSize = (typeof TRIBUNAL_SIZES)[number];
export type TribunalRole = 'sole' | 'chair' | 'member';
export type AppointmentStatus = 'Invited' | 'Accepted' | 'Declined';

/** `POST /api/dispute/{id}/tribunal/request`: a party asks for arbitrators. */
export const requestTribunalSchema = z.object({
  size: z.union([z.literal(1), z.literal(3)]).default(1),
  note: z.string().trim().max(2000).optional(),
});

/** `POST /api/admin/tribunal/{disputeId}/appoint`: an administrator appoints the tribunal. */
export const appointTribunalSchema = z
  .object({
    /** The sole arbitrator, or the chair first and then the two members. */
    arbitratorIds: z.array(z.string().min(1).max(255)).min(1).max(3),
  })
  .refine((value) => value.arbitratorIds.length === 1 || value.arbitratorIds.length === 3, {
    message: 'Appoint a sole arbitrator or three (a chair and two members).',
    path: ['arbitratorIds'],
  })
  .refine((value) => new Set(value.arbitratorIds).size === value.arbitratorIds.length, {
    message: 'The same arbitrator cannot be appointed twice.',
    path: ['arbitratorIds'],
  });

/**
 * `POST /api/dispute/{id}/tribunal/respond`: the appointed arbitrator accepts (with the
 * independence statement the Act's disclosure duty asks for) or declines.
 */
export const respondAppointmentSchema = z.discriminatedUnion('accept', [
  z.object({
    accept: z.literal(true),
    /** `none`: no circumstances to disclose; `disclosed`: the circumstances, in `disclosure`. */
    statement: z.enum(['none', 'disclosed']),
    disclosure: z.string().trim().max(4000).optional(),
  }),
  z.object({ accept: z.literal(false), reason: z.string().trim().max(2000).optional() }),
]);
export type RespondAppointment = z.infer<typeof respondAppointmentSchema>;

/** One chapter of a draft as the tribunal edits it. */
export const draftChapterSchema = z.object({
  heading: z.string().trim().min(1, 'Every chapter needs a heading.').max(200),
  text: z.string().max(200_000),
});
export type DraftChapter = z.infer<typeof draftChapterSchema>;

/** `PUT /api/dispute/{id}/award/{awardId}`: a new version of the draft, based on `baseVersion`. */
export const saveAwardDraftSchema = z.object({
  baseVersion: z.number().int().min(1),
  chapters: z.array(draftChapterSchema).min(1).max(20),
  dispositive: dispositivePartSchema.optional(),
  costs: z.string().max(20_000).optional(),
});
export type SaveAwardDraft = z.infer<typeof saveAwardDraftSchema>;

/** `POST /api/dispute/{id}/award/{awardId}/regenerate`: write one chapter again (1-based) with an instruction. */
export const regenerateChapterSchema = z.object({
  baseVersion: z.number().int().min(1),
  chapter: z.number().int().min(1).max(20),
  instruction: z.string().trim().min(3, 'Say what the chapter should do differently.').max(4000),
});

/** `POST /api/dispute/{id}/award/{awardId}/adopt`: the chair adopts a version; members who will not sign are named with the reason (§ 36). */
export const adoptAwardSchema = z.object({
  version: z.number().int().min(1),
  notSigning: z
    .array(z.object({ userId: z.string().min(1).max(255), reason: z.string().trim().min(3).max(500) }))
    .max(2)
    .default([]),
  /** The chair saw the differences between the tuomiolauselma and chapter 6 (dispositive-check) and adopts anyway. */
  confirmMismatches: z.boolean().default(false),
});

/** A signature request without the hash of the PDF the signer opened (sign what you see). */
const PDF_SHA256_REQUIRED = 'Open the PDF you are signing first: a signature names that file by its SHA-256.';

/** `POST /api/dispute/{id}/award/{awardId}/sign`: a re-authentication (password, and the TOTP code where enabled). */
export const signAwardSchema = z.object({
  password: z.string().min(1, 'Enter your password to sign.').max(1024).optional(),
  code: z
    .string()
    .regex(/^\d{6}$/u, 'Enter the 6-digit code from your authenticator app.')
    .optional(),
  /** The SHA-256 of the PDF the signer opened: signing is refused when the award's PDF is no longer that file. */
  pdfSha256: z
    .string({ error: PDF_SHA256_REQUIRED })
    .regex(/^[0-9a-f]{64}$/u, 'The PDF to sign is named by its SHA-256 (64 hexadecimal digits).'),
});

export interface TribunalMemberView {
  userId: string;
  name: string;
  title: string;
  role: TribunalRole;
  status: AppointmentStatus;
  appointedAt: string;
  respondedAt?: string;
  /** The independence statement given on acceptance. */
  statement?: 'none' | 'disclosed';
  disclosure?: string;
  declineReason?: string;
}

export interface TribunalView {
  /** Requested by a party, then appointed; Constituted once every member has accepted. */
  status: 'Requested' | 'Appointed' | 'Constituted';
  size: TribunalSize;
  requestedAt: string;
  requestedBySide: 'claimant' | 'respondent';
  note?: string;
  members: TribunalMemberView[];
}

/** Who an award draft's versions came from. */
export interface AwardVersionView {
  version: number;
  savedAt: string;
  savedBy: { userId: string; name: string };
  /** `ai` for the generated text, `tribunal` for an edit. */
  source: 'ai' | 'tribunal';
}

export interface AwardSignatureView {
  userId: string;
  name: string;
  title: string;
  signedAt: string;
  /** The SHA-256 of the award's PDF after this signature was added (each later signature covers it). */
  pdfSha256: string;
  /** The SHA-256 of the signer's X.509 certificate. */
  certificateFingerprint?: string;
}

export type AwardStatus = 'Draft' | 'Adopted' | 'Issued';

/** An unverified reference where it stands: chapter (1-based) and character offset in the chapter's text. */
export interface FlaggedReference {
  chapter: number;
  index: number;
  length: number;
  /**
   * The text that stood at `index` (`length` characters) when the check ran: the reference, a quote or a
   * number. The mark goes after it there; when the text moved, after its nearest occurrence.
   */
  marked?: string;
  reference: string;
  reason: string;
  kind?: string;
}

/** The settings a decision was generated with, as both parties may read them. */
export interface DecisionSettingsRecord {
  settings: DecisionSettings;
  setBy: { userId: string; name: string; side: 'claimant' | 'respondent' | 'tribunal' };
  setAt: string;
  sha256: string;
}

/** `GET /api/dispute/{id}/award/{awardId}`: the draft (tribunal) or the adopted/issued award's record. */
export interface AwardView {
  id: string;
  disputeId: string;
  status: AwardStatus;
  caseNumber: string;
  /** The current version's text. */
  version: number;
  chapters: DraftChapter[];
  /** The AI's text of each chapter, for the diff. */
  aiChapters: DraftChapter[];
  dispositive?: DispositivePart;
  costs?: string;
  versions: AwardVersionView[];
  flagged: FlaggedReference[];
  checkedReferences: number;
  /** Passages in the documents addressed to an AI or the tribunal (prompt injection), for the tribunal. */
  injections: { code: string; page: number; excerpt: string }[];
  settings: DecisionSettingsRecord;
  adoptedAt?: string;
  adoptedBy?: string;
  pdfSha256?: string;
  notSigning: { userId: string; name: string; reason: string }[];
  signatures: AwardSignatureView[];
  requiredSignatures: number;
  issuedAt?: string;
  /** The documents of the case by code, so page references can be opened. */
  documents: { code: string; fileId: string; fileName: string; pages: number }[];
  /** Where the text came from, as the PDF's XMP says (EU AI Act Art. 50). */
  aiProvenance?: AiProvenance;
  /** Per chapter: the chapter graph's staleness and the tribunal's oversight. */
  chapterReview?: ChapterReviewView[];
}

/** `POST /api/dispute/{id}/award/{awardId}/chapters/{chapter}/blank` and `…/keep`: on the version the member sees. */
export const chapterActionSchema = z.object({ baseVersion: z.number().int().min(1) });

/** One side's requests for relief and grounds as extracted, and how the party answered. */
export interface SideSummary {
  text: string;
  status: 'Proposed' | 'Confirmed' | 'Corrected';
  answeredAt?: string;
  answeredBy?: string;
}

export interface ClaimsSummaryComment {
  by: 'claimant' | 'respondent' | 'tribunal';
  userId: string;
  name: string;
  text: string;
  at: string;
}

/**
 * The first validation gate: the tribunal extracts each party's requests for relief and grounds; each party
 * confirms or corrects its own side before the tribunal drafts the decision.
 */
export interface ClaimsSummaryView {
  version: number;
  extractedAt: string;
  sides: { claimant: SideSummary; respondent: SideSummary };
  comments: ClaimsSummaryComment[];
}

/** `PUT /api/dispute/{id}/tribunal/claims-summary/{side}`: no text confirms the summary as proposed, a text corrects it. */
export const answerClaimsSummarySchema = z.object({
  text: z.string().trim().min(1).max(40_000).optional(),
});

/** `POST /api/dispute/{id}/tribunal/claims-summary/comments`. */
export const commentClaimsSummarySchema = z.object({
  text: z.string().trim().min(1, 'Write a comment.').max(10_000),
});

/** The reason a tribunal drafts the decision although a party has not answered the summary of its claims. */
export const proceedWithoutConfirmationSchema = z
  .string()
  .trim()
  .min(10, 'Give the reason for proceeding without the parties’ confirmation (at least 10 characters).')
  .max(2000);

/** Whether both sides have confirmed or corrected the summary of their claims. */
export function claimsConfirmed(summary: ClaimsSummaryView | undefined): boolean {
  return !!summary && summary.sides.claimant.status !== 'Proposed' && summary.sides.respondent.status !== 'Proposed';
}

/** Texts of the tribunal's answers and screens. */
export const TRIBUNAL_MESSAGES = {
  arbitratorNameRequired: ARBITRATOR_PROFILE_MESSAGES.nameRequired,
  arbitratorTitleRequired: ARBITRATOR_PROFILE_MESSAGES.titleRequired,
  awardBusy: 'The award’s record was changed by others many times at once. Please try again.',
  awardSigningBusy: 'The award was being signed by others at the same time. Please try again.',
  alreadyRequested: 'An arbitrator has already been requested for this case.',
  notRequested: 'No arbitrator has been requested for this case.',
  alreadyAppointed: 'This case already has a tribunal.',
  notArbitrator: 'Only users who hold the arbitrator attribute of the case’s tenant can be appointed.',
  partyCannotSit: 'A representative of a party cannot sit as an arbitrator in the same case.',
  notAppointed: 'You have not been appointed to this case.',
  alreadyResponded: 'You have already answered this appointment.',
  disclosureRequired: 'Describe the circumstances you disclose, or state that there are none.',
  tribunalOnly:
    'This case has a tribunal: only its members can set the decision settings and generate or stop the decision.',
  arbitratorCannotAct:
    'Arbitrators read the parties’ documents but cannot upload, delete, send phases or end the process.',
  tribunalNotConstituted: 'The tribunal is not constituted yet: every appointed arbitrator must first accept.',
  awardNotFound: 'Award not found.',
  staleVersion:
    'Someone else saved a newer version of this draft meanwhile. Your text is kept on screen: compare it with the newer version and save again.',
  notDraft: 'This award has already been adopted; it can no longer be edited.',
  chairOnly: 'Only the chair (or the sole arbitrator) can adopt the award.',
  dispositiveRequired: 'The award needs its dispositive part (at least one order) before it can be adopted.',
  dispositiveMismatch:
    'The dispositive part and chapter 6 differ. Review the differences listed and confirm them to adopt the award as it stands, or correct the draft first.',
  notAdopted: 'The award must be adopted before it can be signed.',
  alreadySigned: 'You have already signed this award.',
  notSigningMember: 'You were named as not signing this award.',
  reauthRequired: 'Signing needs your password (and your authenticator code where two-factor sign-in is on).',
  reauthFailed: 'The password or the authenticator code is not correct.',
  reauthEntra: 'Work accounts sign by signing in again with Microsoft: sign in again and sign within 5 minutes.',
  pdfSha256Required: PDF_SHA256_REQUIRED,
  pdfChanged:
    'The award’s PDF has changed since you opened it (another member has signed): open it again, then sign what you see.',
  signingFailed: 'The signature could not be added to the PDF. Nothing was signed; please try again.',
  secondFactorRequired:
    'An arbitrator must sign with a second factor: only users with two-factor sign-in on, or with a work account, can be appointed.',
  majorityRequired: 'A majority of the tribunal must sign; at most one member of three may be named as not signing.',
  acceptOnlyAiDecision: 'Only an AI decision on a case without a tribunal can be accepted by the parties.',
  alreadyAccepted: 'You have already accepted this decision.',
  noDecisionToAccept: 'There is no completed AI decision to accept.',
  noSuchChapter: 'The draft has no such chapter.',
  regenerateUnavailable: 'This draft’s generation can no longer be repeated: generate a new draft instead.',
  regenerated: 'The chapter was written again; the draft moved on meanwhile, so it was not saved. Ask again.',
  claimsNotConfirmed:
    'The parties must first confirm or correct the summary of their claims. To proceed without a party’s answer, give the reason.',
  noClaimsSummary: 'The tribunal has not extracted the summary of the parties’ claims yet.',
  notYourSide: 'You can confirm or correct only the summary of your own side’s claims.',
  claimsSummaryOnTribunalCase: 'The summary of the claims belongs to a case with a tribunal.',
} as const;

/** `RAT-2026-000123`: the institution's case number, allocated once per case. */
export function formatCaseNumber(year: number, sequence: number): string {
  return `RAT-${year}-${String(sequence).padStart(6, '0')}`;
}
