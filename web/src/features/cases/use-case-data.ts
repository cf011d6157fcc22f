import type { DisputeView, PhaseView } from '@ratkaisu/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { getDispute, getPhases } from './api/case';
import { caseKeys } from './api/query-keys';

export type CaseData =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'ready'; dispute: DisputeView; phases: PhaseView[]; refreshFailed: boolean };

interface CaseRecord {
  dispute: DisputeView;
  phases: PhaseView[];
}

/** While a decision is generating the case is fetched again at this interval (the page's poll). */
export type CasePoll = (record: CaseRecord) => number | false;

const isNotFound = (failure: unknown) => failure instanceof ApiError && failure.status === 404;

/**
 * A case and its phases, loaded together through the query cache (caseKeys.detail). `reload` starts over with a
 * spinner after a failed first load; a later refetch (the change token, an action's invalidation, the poll) is
 * quiet, and when it fails the shown case stays with `refreshFailed` set — except a 404, which shows "not found"
 * (the case went away). The error's text is made at render time, so it follows the user's language.
 */
export function useCaseData(disputeId: string, fallbackMessage: string, poll?: CasePoll) {
  const query = useQuery({
    queryKey: caseKeys.detail(disputeId),
    queryFn: async ({ signal }): Promise<CaseRecord> => {
      const [dispute, phases] = await Promise.all([getDispute(disputeId, signal), getPhases(disputeId, signal)]);
      return { dispute, phases };
    },
    refetchInterval: poll ? (current) => (current.state.data ? poll(current.state.data) : false) : false,
  });

  let data: CaseData;
  if (query.error && isNotFound(query.error)) data = { status: 'notFound' };
  else if (query.data) data = { status: 'ready', ...query.data, refreshFailed: query.isRefetchError };
  else if (query.error && !query.isFetching)
    data = { status: 'error', message: errorMessage(query.error, fallbackMessage) };
  else data = { status: 'loading' };

  const reload = async () => {
    await query.refetch();
  };
  return { data, reload };
}
