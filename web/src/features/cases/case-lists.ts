import type { ActivePhaseDeadline, DisputeSummary } from '@ratkaisu/core';

export interface DashboardCase {
  dispute: DisputeSummary;
  /** The active phase's due date, when it has one (in-progress cases only). */
  dueDate?: Date | string;
}

export interface CaseLists {
  inProgress: DashboardCase[];
  resolved: DashboardCase[];
}

function time(value: Date | string): number {
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * Sorts the caller's cases into the dashboard's two lists, newest first.
 *
 * SPEC.md says pending and closed cases are sorted but not displayed. A new case
 * is Pending until the respondent side acts, so hiding Pending would make a case
 * vanish right after its creator made it; Pending is therefore shown with
 * InProgress. Closed cases are not displayed.
 */
export function sortCases(disputes: readonly DisputeSummary[], deadlines: readonly ActivePhaseDeadline[]): CaseLists {
  const dueByDispute = new Map<string, Date | string>();
  for (const deadline of deadlines) {
    if (deadline.dueDate) dueByDispute.set(deadline.disputeId, deadline.dueDate);
  }
  const newestFirst = [...disputes].sort((a, b) => time(b.dateCreated) - time(a.dateCreated));
  const lists: CaseLists = { inProgress: [], resolved: [] };
  for (const dispute of newestFirst) {
    if (dispute.status === 'Pending' || dispute.status === 'InProgress') {
      const dueDate = dueByDispute.get(dispute.id);
      lists.inProgress.push(dueDate === undefined ? { dispute } : { dispute, dueDate });
    } else if (dispute.status === 'Resolved') {
      lists.resolved.push({ dispute });
    }
  }
  return lists;
}
