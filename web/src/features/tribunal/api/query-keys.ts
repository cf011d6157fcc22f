import { caseScope } from '../../../api/query-scopes';

/** The tribunal feature's query keys, under the case's scope so the case's change token refreshes them. */
export const tribunalKeys = {
  jurisdiction: (disputeId: string) => [...caseScope(disputeId), 'tribunal', 'jurisdiction'] as const,
};
