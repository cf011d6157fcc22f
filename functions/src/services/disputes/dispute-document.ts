import {
  CLAIMANT_PHASES,
  type AttachmentView,
  type DisputeStatus,
  type DisputeSummary,
  type DisputeView,
  type Party,
  type PhaseType,
  type PhaseView,
} from '@ratkaisu/core';
import type { BaseDoc } from '../../ports/store.js';

/** The answer for a case that does not exist or that the caller may not see (never 403: it must not reveal the case). */
export const CASE_NOT_FOUND_MESSAGE = 'Case not found.';

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
  /** A decision: the job generating it. */
  jobId?: string;
}

export interface PhaseRecord {
  id: string;
  type: PhaseType;
  dateCreated: string;
  dueDate?: string;
  dateCompleted?: string;
  attachments: PhaseAttachment[];
}

/**
 * One case (SPEC.md section 3). Partitioned by its own id, so the case and its
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
  /** Tenant of the creator; visibility does not depend on it. */
  tenantId: string;
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
}

/** The case with its lookup arrays recomputed from its phases: call before every write. */
export function withLookupIndexes<T extends DisputeDocument>(dispute: T): T {
  return {
    ...dispute,
    phaseIds: dispute.phases.map((phase) => phase.id),
    attachmentIds: dispute.phases.flatMap((phase) => phase.attachments.map((attachment) => attachment.id)),
    listKey: disputeListKey(dispute),
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
    id: attachment.id,
    fileName: attachment.fileName,
    dateCreated: attachment.dateCreated,
    ...(attachment.status ? { status: attachment.status } : {}),
    ...(attachment.errorMessage ? { errorMessage: attachment.errorMessage } : {}),
    ...(attachment.size !== undefined ? { size: attachment.size } : {}),
  };
}

export function toDisputeView(dispute: DisputeDocument, side: Side): DisputeView {
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
  };
}

export function toDisputeSummary(dispute: DisputeDocument, side: Side): DisputeSummary {
  return {
    id: dispute.id,
    name: dispute.name,
    dateCreated: dispute.dateCreated,
    createdBy: { id: dispute.createdBy.id, email: dispute.createdBy.email },
    status: dispute.status,
    activePhaseType: activePhase(dispute).type,
    side,
  };
}
