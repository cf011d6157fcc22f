import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useReportedQuery } from '../../../ui/query/use-reported-query';
import { listTenants, listUsers } from './admin-api';
import { adminKeys } from './query-keys';

/** The tenants the caller may see (one cache entry, whichever tab reads it); a failure goes to `onError`. */
export const useTenants = (onError: (cause: unknown) => void) =>
  useReportedQuery({ queryKey: adminKeys.tenants, queryFn: ({ signal }) => listTenants(signal) }, onError);

/** The users the caller may see; a failure goes to `onError`. */
export const useUsers = (onError: (cause: unknown) => void) =>
  useReportedQuery({ queryKey: adminKeys.users, queryFn: ({ signal }) => listUsers(signal) }, onError);

/** After a tenant or a user changed: both lists fetched again; resolves when they have been. */
export function useRefreshDirectory(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: adminKeys.directory }), [client]);
}
