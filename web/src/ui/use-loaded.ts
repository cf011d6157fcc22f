import { useCallback, useEffect, useState } from 'react';

/**
 * Server state a screen loads when it mounts: `data` is null while the first load runs, the answer after it, and
 * `empty` after a failure (which goes to `onError`); `reload()` fetches again (after an action changed it). A load
 * still running when the screen goes away is cancelled. One place for the effect, the AbortController and the
 * error path that admin tabs each wrote out before.
 */
export function useLoaded<T>(
  fetch: (signal?: AbortSignal) => Promise<T>,
  empty: T,
  onError: (cause: unknown) => void,
): { data: T | null; reload: () => Promise<void> } {
  const [data, setData] = useState<T | null>(null);
  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setData(await fetch(signal));
      } catch (cause) {
        if (signal?.aborted) return;
        setData(empty);
        onError(cause);
      }
    },
    // Not `empty`: a caller's literal `[]` is new on every render and would load again each time.
    [fetch, onError],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  const reload = useCallback(() => load(), [load]);
  return { data, reload };
}
