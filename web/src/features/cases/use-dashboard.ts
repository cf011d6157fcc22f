import type { DisputeListSection, DisputeSummary } from '@ratkaisu/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { caseListScope } from '../../api/query-scopes';
import { getActivePhases, getDisputePage } from './api/disputes';
import { caseKeys } from './api/query-keys';

/** The dashboard's sections: cases in progress as two groups (your turn, waiting), each paged by the server. */
export type DashboardSection = Extract<DisputeListSection, 'yourTurn' | 'waiting' | 'resolved'>;

/** What a dashboard section has loaded: whether a next page exists, how many it holds, whether more is loading. */
export interface SectionPaging {
  hasMore: boolean;
  total?: number;
  loadingMore: boolean;
  /** Adds the section's next page. */
  loadMore: () => void;
}

/** The union of pages, each case once (a server without paging answers every section with the whole list). */
function merged(lists: readonly (readonly DisputeSummary[])[]): DisputeSummary[] {
  const seen = new Set<string>();
  return lists.flat().filter((dispute) => !seen.has(dispute.id) && seen.add(dispute.id));
}

function useSection(section: DashboardSection) {
  return useInfiniteQuery({
    queryKey: caseKeys.section(section),
    queryFn: ({ pageParam, signal }) => getDisputePage(section, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.continuation,
  });
}

/**
 * The dashboard's server state through the query cache: each section's pages (`useInfiniteQuery`, "Show more" adds
 * the next) and the active phases' deadlines. `loading` until every first answer is in; `error` is the failure
 * of a first load or of a "Show more" (a quiet refetch that fails keeps the lists shown, as before); `refresh`
 * fetches every list again (the change token).
 */
export function useDashboard() {
  const client = useQueryClient();
  const yourTurn = useSection('yourTurn');
  const waiting = useSection('waiting');
  const resolved = useSection('resolved');
  const deadlines = useQuery({ queryKey: caseKeys.deadlines(), queryFn: ({ signal }) => getActivePhases(signal) });
  const sections = { yourTurn, waiting, resolved };
  const all = [yourTurn, waiting, resolved, deadlines];

  const paging = (section: DashboardSection): SectionPaging => {
    const query = sections[section];
    const total = query.data?.pages[0]?.total;
    return {
      hasMore: query.hasNextPage,
      ...(total === undefined ? {} : { total }),
      loadingMore: query.isFetchingNextPage,
      loadMore: () => {
        if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
      },
    };
  };

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: caseListScope }), [client]);
  const failed = all.find(
    (query) =>
      query.error && (query.data === undefined || ('isFetchNextPageError' in query && query.isFetchNextPageError)),
  );

  return {
    disputes: merged(
      [yourTurn, waiting, resolved].map((query) => query.data?.pages.flatMap((page) => page.items) ?? []),
    ),
    deadlines: deadlines.data ?? [],
    loading: all.some((query) => query.isPending && query.fetchStatus === 'fetching'),
    error: failed?.error ?? null,
    paging,
    refresh,
  };
}
