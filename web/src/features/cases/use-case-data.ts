import type { DisputeView, PhaseView } from '@ratkaisu/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { getDispute, getPhases } from './api/case';

export type CaseData =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'ready'; dispute: DisputeView; phases: PhaseView[] };

/**
 * Loads a case and its phases together. `reload` starts over with a spinner (after a failed load);
 * `refresh` fetches again quietly after a change and rejects on failure so the caller can say so.
 * Only the latest load's answer is applied, so a slow earlier answer never overwrites a newer one.
 */
export function useCaseData(disputeId: string, fallbackMessage: string) {
  const [data, setData] = useState<CaseData>({ status: 'loading' });
  const latest = useRef(0);
  const unmounted = useRef(new AbortController());

  const load = useCallback(
    async (quiet: boolean) => {
      const ticket = ++latest.current;
      const signal = unmounted.current.signal;
      if (!quiet) setData({ status: 'loading' });
      try {
        const [dispute, phases] = await Promise.all([getDispute(disputeId, signal), getPhases(disputeId, signal)]);
        if (ticket === latest.current && !signal.aborted) setData({ status: 'ready', dispute, phases });
      } catch (failure) {
        if (ticket !== latest.current || signal.aborted) return;
        if (failure instanceof ApiError && failure.status === 404) setData({ status: 'notFound' });
        else if (quiet) throw failure;
        else setData({ status: 'error', message: errorMessage(failure, fallbackMessage) });
      }
    },
    [disputeId, fallbackMessage],
  );

  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    void load(false);
    return () => controller.abort();
  }, [load]);

  const reload = useCallback(() => load(false), [load]);
  const refresh = useCallback(() => load(true), [load]);
  return { data, reload, refresh };
}
