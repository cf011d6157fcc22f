import { caseScope } from '../../../api/query-scopes';

/** The tribunal feature's query keys, under the case's scope so the case's change token refreshes them. */
export const tribunalKeys = {
  /** An issued award's deliveries, receipts, deadlines and corrections. */
  aftercare: (disputeId: string, awardId: string) =>
    [...caseScope(disputeId), 'tribunal', 'aftercare', awardId] as const,
  jurisdiction: (disputeId: string) => [...caseScope(disputeId), 'tribunal', 'jurisdiction'] as const,
};
