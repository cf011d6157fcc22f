import type { DisputeStatus, PhaseType } from '../domain/phases.js';
import type { Party } from '../disputes/dispute-schemas.js';

/**
 * Response shapes of the dispute calls (SPEC.md sections 3 and 7). Dates are
 * ISO 8601 strings in UTC.
 */
export interface AttachmentView {
  id: string;
  fileName: string;
  dateCreated: string;
  /** Decisions only: Generating, Completed or Failed. */
  status?: 'Generating' | 'Completed' | 'Failed';
  errorMessage?: string;
  size?: number;
}

export interface PhaseView {
  id: string;
  type: PhaseType;
  dateCreated: string;
  dueDate?: string;
  dateCompleted?: string;
  attachments: AttachmentView[];
}

export interface DisputeView {
  id: string;
  name: string;
  description: string;
  dateCreated: string;
  createdBy: { id: string; email: string };
  claimant: Party;
  respondent: Party;
  status: DisputeStatus;
  activePhaseId: string;
  /** Which side the caller represents in this case. */
  side: 'claimant' | 'respondent';
}

/** One row of `GET /api/dispute`. */
export interface DisputeSummary {
  id: string;
  name: string;
  dateCreated: string;
  createdBy: { id: string; email: string };
  status: DisputeStatus;
  activePhaseType: PhaseType;
  side: 'claimant' | 'respondent';
}

/** One row of `GET /api/dispute/activephases`: the deadline of each case's active phase. */
export interface ActivePhaseDeadline {
  disputeId: string;
  phaseId: string;
  type: PhaseType;
  dueDate?: string;
}
