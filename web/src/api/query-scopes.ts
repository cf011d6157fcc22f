/**
 * The roots of the query keys that several features share, so that one change token invalidates every
 * query under it whichever feature owns the query. Each feature keeps its own keys (`features/x/api/query-keys.ts`)
 * under these roots.
 */

/** Everything shown about one case: its record and phases, its cards' own data (jurisdiction, payments, …). */
export const caseScope = (disputeId: string) => ['case', disputeId] as const;

/** The signed-in user's lists of cases (the dashboard). */
export const caseListScope = ['cases'] as const;
