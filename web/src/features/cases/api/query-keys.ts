import { caseListScope, caseScope } from '../../../api/query-scopes';

/** The case feature's query keys; a case's are under its scope, which its change token invalidates. */
export const caseKeys = {
  /** The case record with its phases, loaded together. */
  detail: (disputeId: string) => [...caseScope(disputeId), 'detail'] as const,
  workFiles: (disputeId: string) => [...caseScope(disputeId), 'work-files'] as const,
  /** The dashboard's lists (all cases, active phases). */
  list: () => [...caseListScope, 'list'] as const,
};
