import { type ActivePhaseDeadline, caseTurn, type CaseTurn, type DisputeSummary } from '@ratkaisu/core';

export interface DashboardCase {
  dispute: DisputeSummary;
  /** Where the case stands from the caller's side (the server's, or computed from the row). */
  turn: CaseTurn;
  /** The active phase's due date, when it has one (in-progress cases only). */
  dueDate?: Date | string;
}

export interface CaseLists {
  /** Cases in progress that wait for the caller. */
  yourTurn: DashboardCase[];
  /** Cases in progress that wait for the other party, the tribunal or the decision. */
  waiting: DashboardCase[];
  resolved: DashboardCase[];
}

function time(value: Date | string): number {
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * The row's turn: the server's (core case-turn.ts over the whole case), else the same function over what
 * the row says (a server without turns: status, active phase and side).
 */
export function turnOfRow(dispute: DisputeSummary): CaseTurn {
  return dispute.turn ?? caseTurn({ status: dispute.status, activePhaseType: dispute.activePhaseType }, dispute.side);
}

/**
 * Sorts the caller's cases into the dashboard's lists, newest first: cases in progress split into "Your
 * turn" and "Waiting", then Resolved. The server pages the two groups by query (section yourTurn and
 * waiting), so a page never hides a case that waits for the caller behind cases that do not; this sorts
 * the rows loaded so far by the same function.
 *
 * docs/product.md says pending and closed cases are sorted but not displayed. A new case
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
  const lists: CaseLists = { yourTurn: [], waiting: [], resolved: [] };
  for (const dispute of newestFirst) {
    const turn = turnOfRow(dispute);
    if (dispute.status === 'Pending' || dispute.status === 'InProgress') {
      const dueDate = dueByDispute.get(dispute.id);
      const row = dueDate === undefined ? { dispute, turn } : { dispute, turn, dueDate };
      (turn.whose === 'you' ? lists.yourTurn : lists.waiting).push(row);
    } else if (dispute.status === 'Resolved') {
      lists.resolved.push({ dispute, turn });
    }
  }
  return lists;
}
