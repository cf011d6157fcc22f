import { caseListScope, caseScope } from '../../../api/query-scopes';

/** The case feature's query keys; a case's are under its scope, which its change token invalidates. */
export const caseKeys = {
  /** The case record with its phases, loaded together. */
  detail: (disputeId: string) => [...caseScope(disputeId), 'detail'] as const,
  workFiles: (disputeId: string) => [...caseScope(disputeId), 'work-files'] as const,
  /** One dashboard section's pages (yourTurn, waiting, resolved), paged by the server's continuation. */
  section: (section: string) => [...caseListScope, 'section', section] as const,
  /** The active phases' due dates the dashboard's rows show. */
  deadlines: () => [...caseListScope, 'deadlines'] as const,
};
