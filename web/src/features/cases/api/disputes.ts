import type { ActivePhaseDeadline, DisputeSummary, DisputeView, NewDispute } from '@ratkaisu/core';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/client';

/**
 * The dispute calls of the dashboard and the new-case form (SPEC.md section 7).
 * The client revives ISO dates into Date objects, so date fields may arrive as
 * either; everything that shows them goes through `formatDate`, which takes both.
 */
export async function getDisputes(signal?: AbortSignal): Promise<DisputeSummary[]> {
  return listOrFail(await api.get<unknown>('/api/dispute', { signal }));
}

export async function getActivePhases(signal?: AbortSignal): Promise<ActivePhaseDeadline[]> {
  return listOrFail(await api.get<unknown>('/api/dispute/activephases', { signal }));
}

/** A list answer that is not a list (a proxy's page, an older server) is an error, not a crash. */
export function listOrFail<T>(value: unknown): T[] {
  if (!Array.isArray(value)) throw new ApiError(0, 'invalid_response', 'The server sent an unexpected answer.');
  return value as T[];
}

/** Creates a case; the id is the client's, so sending the same body twice creates one case. */
export function createDispute(dispute: NewDispute): Promise<DisputeView> {
  return api.post<DisputeView>('/api/dispute', dispute);
}
