import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { caseScope } from '../api/query-scopes';

/**
 * After an action changed a case: every query under the case's scope is marked stale and the shown ones fetched
 * again; resolves when they have been (a failed refetch shows on the page, not here).
 */
export function useRefreshCase(disputeId: string): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: caseScope(disputeId) }), [client, disputeId]);
}
