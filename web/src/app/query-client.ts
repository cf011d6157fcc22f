import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server state for the signed-in app (the shell provides it). A load that fails is not
 * retried by itself: the screen shows the error with its Try again, as it did before the cache. Focus does not
 * refetch either: the live pages' change token (ui/live/use-change-watch.ts) says when data changed, and
 * invalidates the queries it concerns.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
