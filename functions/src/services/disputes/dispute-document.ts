import {
  caseTurn,
  caseTurnState,
  CLAIMANT_PHASES,
  type CaseTurnFacts,
  type TurnHolder,
  type AppointmentStatus,
  type ClaimsSummaryView,
  type AttachmentView,
  type CaseOutcome,
  type CaseRetentionView,
  type CaseLanguage,
  finalOutcome,
  type TribunalRole,
  type TribunalSize,
  type TribunalView,
  type DisputeStatus,
  type DisputeSummary,
  type DisputeView,
  type Party,
  type PhaseType,
  type PhaseView,
  refusal,
} from '@ratkaisu/core';
import type { BaseDoc } from '../../ports/store.js';
import { constitutionOf, toConstitutionView, type ConstitutionRecord } from './constitution-record.js';

/** The answer for a case that does not exist or that the caller may not see (never 403: it must not reveal the case). */
export const CASE_NOT_FOUND_MESSAGE = refusal('cases.notFound').message;

export type Side = 'claimant' | 'respondent';

/** A file in a phase as stored. */
export interface PhaseAttachment extends AttachmentView {
  /**
   * Generated blob name in the 'attachments' container, never the user's file
   * name. Absent while a decision is being generated.
   */
  blobName?: string;
  /** Id of the user who uploaded it. */
  uploadedBy?: string;
  /** An upload: SHA-256 of its content (hex), computed while it streamed in; absent on older records. */
  sha256?: string;
  /** A claim filed from the claim generator: the SHA-256 of its text (claimTextHash), so the same text is filed once. */
  draftSha256?: string;
  /** A decision: the job generating it. */
  jobId?: string;
  /** A decision: an AI decision (no tribunal) or the tribunal's award (its record is in 'awards' under this id). */
  decisionKind?: 'aiDecision' | 'award';
  /** An AI decision: who accepted it, per side, bound to this version's number and SHA-256. */
  acceptances?: { side: Side; userId: string; at: string; version?: number; sha256?: string }[];
  /** An AI decision: acceptances that lapsed because a party asked for a new version before both had accepted. */
  lapsedAcceptances?: {
    side: Side;
    userId: string;
    at: string;
    version?: number;
    sha256?: string;
    lapsedAt: string;
    lapsedBy: string;
    reason: string;
  }[];
  /** A decision a party can download: each side's first download. */
  receipts?: { side: Side; userId: string; at: string }[];
  /** An AI decision: each person's first opening after their side's receipt (the AI-use log's "opened", once per person). */
  opens?: { userId: string; at: string }[];
}

/** One appointed arbitrator as stored on the case. */
export interface TribunalMemberRecord {
  userId: string;
  name: string;
  title: string;
  email: string;
  role: TribunalRole;
  status: AppointmentStatus;
  appointedAt: string;
  appointedBy: string;
  respondedAt?: string;
  statement?: 'none' | 'disclosed';
  disclosure?: string;
  declineReason?: string;
  /** Removed when the appointing authority sustained this challenge (its id); the status is then Declined. */
  removedByChallenge?: string;
}

/** The case's tribunal: requested by a party, appointed by an administrator, constituted once all accepted. */
export interface TribunalRecord {
  status: 'Requested' | 'Appointed' | 'Constituted';
  size: TribunalSize;
  requestedAt: string;
  requestedBy: string;
  requestedBySide: Side;
  note?: string;
  members: TribunalMemberRecord[];
}

export interface PhaseRecord {
  id: string;
  type: PhaseType;
  dateCreated: string;
  dueDate?: string;
  dateCompleted?: string;
  attachments: PhaseAttachment[];
  /** The payment whose settlement started this phase (the claim sent once its filing fee was paid). */
  openedByPayment?: string;
}

/**
 * One case (docs/product.md section 3). Partitioned by its own id, so the case and its
 * phases change together in one conditional write. The email keys are the
 * lower-cased representative emails, indexed for the visibility queries.
 */
export interface DisputeDocument extends BaseDoc {
  name: string;
  description: string;
  dateCreated: string;
  createdBy: { id: string; email: string };
  claimant: Party;
  respondent: Party;
  claimantEmailKey: string;
  respondentEmailKey: string;
  status: DisputeStatus;
  phases: PhaseRecord[];
  activePhaseId: string;
  /** The case's language (its documents' file names), from the opening user's interface (core i18n/file-names.ts). */
  language?: CaseLanguage;
  /** Tenant of the creator; visibility does not depend on it. */
  tenantId: string;
  /** The amount in dispute in euro cents, when the claimant gave one (docs/fees.md "Due points"). */
  amountInDisputeCents?: number;
  /**
   * The ids of the phases and of their attachments, indexed so that the routes
   * naming only a phase or a file find their case with one query. Derived from
   * `phases` by withLookupIndexes on every write.
   */
  phaseIds: string[];
  attachmentIds: string[];
  /**
   * `dateCreated|id`: a key every case has once and no two share, so the paged case list can order by it
   * and continue after it (list-dispute-page.ts). Set by withLookupIndexes; older cases get it on first listing.
   */
  listKey?: string;
  /**
   * Who the case waits for (core case-turn.ts), derived by withLookupIndexes on every write and indexed, so the
   * dashboard lists "Your turn" and "Waiting" by query (list-dispute-page.ts); older cases get it on first listing.
   */
  turnHolder?: TurnHolder;
  /** The institution's case number (RAT-2026-000123), allocated once. */
  caseNumber?: string;
  tribunal?: TribunalRecord;
  /**
   * The tribunal requests that lapsed because their fees were not paid in time (docs/fees.md "Lapse"): the
   * case went back to where it was before each. Their number is the round of the next request's fees.
   */
  lapsedTribunalRequests?: { requestedAt: string; requestedBySide: Side; size: TribunalSize; lapsedAt: string }[];
  /** Ids of the users appointed to the tribunal (accepted or not yet answered), indexed for "Cases as arbitrator". */
  tribunalMemberIds?: string[];
  /** The summary of the parties' claims (the first validation gate before the tribunal drafts). */
  claimsSummary?: ClaimsSummaryView;
  /** Drafts the tribunal started although a party had not answered the summary of its claims, with the reason. */
  claimsProceeded?: { reason: string; name: string; at: string }[];
  /** How the case ended, recorded when it became final (core case-outcome.ts); nothing may change it after. */
  outcome?: CaseOutcome;
  /** The agreement, the tribunal's size, challenges, new matters, jurisdiction, hearing (constitution-record.ts). */
  constitution?: ConstitutionRecord;
  /** Once finished: when the retention sweep deletes its data and whether the representatives were told (retention/). */
  retention?: CaseRetentionRecord;
  /** An administrator's legal hold: the retention sweep leaves the case alone until it is lifted. */
  legalHold?: { reason: string; setAt: string; setBy: { id: string; email: string } };
}

export interface CaseRetentionRecord {
  finishedAt: string;
  deleteAfter: string;
  warnedAt?: string;
  /** The sweep began deleting the case's data: a run that stopped half-way is completed by the next. */
  deletingAt?: string;
}

/** The case with its lookup arrays recomputed from its phases: call before every write. */
export function withLookupIndexes<T extends DisputeDocument>(dispute: T): T {
  return {
    ...dispute,
    phaseIds: dispute.phases.map((phase) => phase.id),
    attachmentIds: dispute.phases.flatMap((phase) => phase.attachments.map((attachment) => attachment.id)),
    listKey: disputeListKey(dispute),
    turnHolder: caseTurnState(turnFacts(dispute)).holder,
    tribunalMemberIds: (dispute.tribunal?.members ?? [])
      .filter((member) => member.status !== 'Declined')
      .map((member) => member.userId),
  };
}

/** What the case's turn is computed from (core case-turn.ts): status, active phase, tribunal, newest decision. */
export function turnFacts(
  dispute: Pick<DisputeDocument, 'status' | 'phases' | 'activePhaseId' | 'tribunal'>,
): CaseTurnFacts {
  const active = dispute.phases.find((phase) => phase.id === dispute.activePhaseId);
  const resolution = dispute.phases.findLast((phase) => phase.type === 'Resolution');
  const newest = resolution?.attachments.reduce<PhaseAttachment | undefined>(
    (latest, file) => (!latest || file.dateCreated > latest.dateCreated ? file : latest),
    undefined,
  );
  return {
    status: dispute.status,
    activePhaseType: active?.type ?? 'Claim',
    ...(dispute.tribunal ? { tribunalStatus: dispute.tribunal.status } : {}),
    ...(newest
      ? {
          latestDecision: {
            ...(newest.status ? { status: newest.status } : {}),
            ...(newest.decisionKind ? { decisionKind: newest.decisionKind } : {}),
            acceptedBy: (newest.acceptances ?? []).map((entry) => entry.side),
          },
        }
      : {}),
  };
}

export function disputeListKey(dispute: Pick<DisputeDocument, 'dateCreated' | 'id'>): string {
  return `${dispute.dateCreated}|${dispute.id}`;
}

/** The side that acts in a phase; Resolution belongs to neither. */
export function phaseOwner(type: PhaseType): Side | undefined {
  if (CLAIMANT_PHASES.includes(type)) return 'claimant';
  if (type === 'Resolution') return undefined;
  return 'respondent';
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 24 * 3600 * 1000);
}

export function activePhase(dispute: DisputeDocument): PhaseRecord {
  const phase = dispute.phases.find((candidate) => candidate.id === dispute.activePhaseId);
  // A stored case always names one of its own phases; anything else is corrupt data.
  if (!phase) throw new Error(`Dispute ${dispute.id} has no active phase ${dispute.activePhaseId}`);
  return phase;
}

export function toPhaseView(phase: PhaseRecord): PhaseView {
  return {
    id: phase.id,
    type: phase.type,
    dateCreated: phase.dateCreated,
    ...(phase.dueDate ? { dueDate: phase.dueDate } : {}),
    ...(phase.dateCompleted ? { dateCompleted: phase.dateCompleted } : {}),
    attachments: phase.attachments.map(toAttachmentView),
  };
}

export function toAttachmentView(attachment: PhaseAttachment): AttachmentView {
  return {
    ...(attachment.decisionKind ? { decisionKind: attachment.decisionKind } : {}),
    ...(attachment.acceptances ? { acceptedBy: attachment.acceptances.map((entry) => entry.side) } : {}),
    ...(attachment.receipts ? { receipts: attachment.receipts.map(({ side, at }) => ({ side, at })) } : {}),
    id: attachment.id,
    fileName: attachment.fileName,
    dateCreated: attachment.dateCreated,
    ...(attachment.status ? { status: attachment.status } : {}),
    ...(attachment.errorMessage ? { errorMessage: attachment.errorMessage } : {}),
    ...(attachment.size !== undefined ? { size: attachment.size } : {}),
    ...(attachment.status === 'Generating' && attachment.jobId ? { jobId: attachment.jobId } : {}),
    ...(attachment.decisionKind && attachment.version !== undefined ? { version: attachment.version } : {}),
    ...(attachment.decisionKind && attachment.sha256 ? { sha256: attachment.sha256 } : {}),
    ...(attachment.acceptances
      ? {
          acceptances: attachment.acceptances.map(({ side, at, version, sha256 }) => ({
            side,
            at,
            ...(version !== undefined ? { version } : {}),
            ...(sha256 ? { sha256 } : {}),
          })),
        }
      : {}),
    ...(attachment.lapsedAcceptances
      ? {
          lapsedAcceptances: attachment.lapsedAcceptances.map(({ side, at, lapsedAt, reason }) => ({
            side,
            at,
            lapsedAt,
            reason,
          })),
        }
      : {}),
    ...(attachment.generatedBy ? { generatedBy: attachment.generatedBy } : {}),
  };
}

/** What a reader of the case may be: a party's side, or a member of its tribunal. */
export type CaseRole = Side | 'tribunal';

export function toTribunalView(tribunal: TribunalRecord): TribunalView {
  return {
    status: tribunal.status,
    size: tribunal.size,
    requestedAt: tribunal.requestedAt,
    requestedBySide: tribunal.requestedBySide,
    ...(tribunal.note ? { note: tribunal.note } : {}),
    members: tribunal.members.map((member) => ({
      userId: member.userId,
      name: member.name,
      title: member.title,
      role: member.role,
      status: member.status,
      appointedAt: member.appointedAt,
      ...(member.respondedAt ? { respondedAt: member.respondedAt } : {}),
      ...(member.statement ? { statement: member.statement } : {}),
      ...(member.disclosure ? { disclosure: member.disclosure } : {}),
      ...(member.declineReason ? { declineReason: member.declineReason } : {}),
    })),
  };
}

/** The phases as a reader sees them: the tribunal's working drafts are for the tribunal only. */
export function visiblePhases(dispute: DisputeDocument, role: CaseRole): PhaseRecord[] {
  if (role === 'tribunal') return dispute.phases;
  return dispute.phases.map((phase) =>
    phase.attachments.some((file) => file.decisionKind === 'award' && file.status !== 'Completed')
      ? {
          ...phase,
          attachments: phase.attachments.filter((file) => file.decisionKind !== 'award' || file.status === 'Completed'),
        }
      : phase,
  );
}

export function toDisputeView(dispute: DisputeDocument, side: CaseRole): DisputeView {
  return {
    id: dispute.id,
    name: dispute.name,
    description: dispute.description,
    dateCreated: dispute.dateCreated,
    createdBy: { id: dispute.createdBy.id, email: dispute.createdBy.email },
    claimant: dispute.claimant,
    respondent: dispute.respondent,
    status: dispute.status,
    activePhaseId: dispute.activePhaseId,
    side,
    ...(dispute.caseNumber ? { caseNumber: dispute.caseNumber } : {}),
    ...(dispute.tribunal ? { tribunal: toTribunalView(dispute.tribunal) } : {}),
    ...(dispute.claimsSummary ? { claimsSummary: dispute.claimsSummary } : {}),
    turn: caseTurn(turnFacts(dispute), side),
    ...outcomeOf(dispute),
    constitution: toConstitutionView(constitutionOf(dispute)),
    ...(dispute.language ? { language: dispute.language } : {}),
    ...(dispute.amountInDisputeCents !== undefined ? { amountInDisputeCents: dispute.amountInDisputeCents } : {}),
    ...retentionOf(dispute),
  };
}

function retentionOf(dispute: DisputeDocument): { retention?: CaseRetentionView } {
  if (!dispute.retention && !dispute.legalHold) return {};
  return {
    retention: {
      ...(dispute.retention ? { deleteAfter: dispute.retention.deleteAfter } : {}),
      ...(dispute.retention?.warnedAt ? { warnedAt: dispute.retention.warnedAt } : {}),
      ...(dispute.legalHold
        ? {
            legalHold: {
              reason: dispute.legalHold.reason,
              setAt: dispute.legalHold.setAt,
              setBy: dispute.legalHold.setBy.email,
            },
          }
        : {}),
    },
  };
}

function outcomeOf(dispute: DisputeDocument): { outcome?: CaseOutcome } {
  const outcome = finalOutcome(dispute);
  return outcome ? { outcome } : {};
}

export function toDisputeSummary(dispute: DisputeDocument, side: CaseRole): DisputeSummary {
  return {
    id: dispute.id,
    name: dispute.name,
    dateCreated: dispute.dateCreated,
    createdBy: { id: dispute.createdBy.id, email: dispute.createdBy.email },
    status: dispute.status,
    activePhaseType: activePhase(dispute).type,
    side,
    turn: caseTurn(turnFacts(dispute), side),
    ...outcomeOf(dispute),
  };
}
