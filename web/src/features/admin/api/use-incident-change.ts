import type { IncidentDetail } from '@ratkaisu/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './query-keys';

/**
 * A change to one incident (a note, its status, the notices, the Ombudsman's data): the step answers with the
 * incident as it now is, which is shown at once; the incidents' list is fetched again (its status and clock).
 * A refusal goes to `onError` (the admin panel's banner).
 */
export function useIncidentChange(id: string, onError: (cause: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: () => Promise<IncidentDetail>) => step(),
    onSuccess: (incident) => {
      client.setQueryData(adminKeys.incident(id), incident);
      return client.invalidateQueries({ queryKey: adminKeys.incidentList });
    },
    onError,
  });
}
