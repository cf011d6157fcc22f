import { expectedStarts, joinLine, type BudgetLimits, type BudgetState, type Waiter } from './budget-schedule.js';

/** One deployment as the placement sees it: its name, priority, limits and budget now. */
export interface PlacementCandidate {
  name: string;
  /** Lower first. */
  priority: number;
  limits: BudgetLimits;
  state: BudgetState;
}

/**
 * Where a job waits and runs when there are several deployments: on the one where it is expected to start
 * soonest (joining its line as it is), ties going to the lower priority, then to the order listed (the
 * default deployment first). A job already waiting on one (`current`) stays there — its place in that line
 * only moves forward — unless it cannot start there now and another deployment can: then it moves.
 * Its calls all stay on the deployment it was admitted on (its prompt cache lives there).
 */
export function placeJob(
  candidates: readonly PlacementCandidate[],
  waiter: Waiter,
  now: number,
  current?: string,
): string {
  if (candidates.length === 0) throw new RangeError('No deployment to place the job on.');
  const starts = candidates.map((candidate, order) => {
    const joined = joinLine(candidate.state, waiter);
    const start = expectedStarts(joined, candidate.limits, now).find((entry) => entry.jobId === waiter.jobId)!;
    return { name: candidate.name, priority: candidate.priority, order, startAt: Math.max(now, start.startAt) };
  });
  const here = current === undefined ? undefined : starts.find((start) => start.name === current);
  if (here) {
    if (here.startAt <= now) return here.name;
    const free = starts
      .filter((start) => start.startAt <= now)
      .sort((a, b) => a.priority - b.priority || a.order - b.order)[0];
    return free ? free.name : here.name;
  }
  starts.sort((a, b) => a.startAt - b.startAt || a.priority - b.priority || a.order - b.order);
  return starts[0]!.name;
}
