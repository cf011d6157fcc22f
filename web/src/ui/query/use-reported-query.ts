import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * A query whose failure goes to the screen's one place for errors (the admin panel's banner, a page's message)
 * instead of a catch of its own: the effect, the AbortController and the "was it aborted?" test that each screen
 * wrote out are the query library's (the query's signal is aborted when no screen wants the answer any more, and
 * an abort is no failure). Each failed fetch is reported once, a later success clears nothing the screen shows.
 */
export function useReportedQuery<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
  onError: (cause: unknown) => void,
) {
  const query = useQuery(options);
  // The latest callback, so that a caller's new function on each render neither reports twice nor is missed.
  const report = useRef(onError);
  report.current = onError;
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) report.current(error);
  }, [error, errorUpdatedAt]);
  return query;
}
