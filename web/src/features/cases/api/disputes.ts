import type {
  ActivePhaseDeadline,
  ChangeTokenView,
  DisputeListSection,
  DisputeSummary,
  DisputeView,
  NewDispute,
} from '@ratkaisu/core';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/client';

/**
 * The dispute calls of the dashboard and the new-case form (docs/product.md section 7).
 * The client revives ISO dates into Date objects, so date fields may arrive as
 * either; everything that shows them goes through `formatDate`, which takes both.
 */
/** Cases a dashboard section shows at first, and adds on each "Show more". */
export const DASHBOARD_PAGE_SIZE = 50;

export interface DisputePage {
  items: DisputeSummary[];
  /** Where the next page starts; absent on the last page. */
  continuation?: string;
  /** How many cases the section holds in all (first page). */
  total?: number;
}

/**
 * One page of a dashboard section (`GET /api/dispute?limit=…&section=…`). A server that answers the whole
 * list (docs/product.md's array) is taken as one complete page.
 */
export async function getDisputePage(
  section: DisputeListSection,
  continuation: string | undefined,
  signal?: AbortSignal,
): Promise<DisputePage> {
  const query = new URLSearchParams({ limit: String(DASHBOARD_PAGE_SIZE), section });
  if (continuation) query.set('continuation', continuation);
  const answer = await api.get<unknown>(`/api/dispute?${query.toString()}`, { signal });
  if (Array.isArray(answer)) return { items: answer as DisputeSummary[] };
  if (answer && typeof answer === 'object' && Array.isArray((answer as { items?: unknown }).items)) {
    const page = answer as { items: DisputeSummary[]; continuation?: unknown; total?: unknown };
    return {
      items: page.items,
      ...(typeof page.continuation === 'string' ? { continuation: page.continuation } : {}),
      ...(typeof page.total === 'number' ? { total: page.total } : {}),
    };
  }
  throw new ApiError(0, 'invalid_response', 'The server sent an unexpected answer.');
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

/** A token that changes whenever a case on the dashboard changes (the live dashboard polls it). */
export function getDashboardChangeToken(signal?: AbortSignal): Promise<ChangeTokenView> {
  return api.get<ChangeTokenView>('/api/dispute/change-token', { signal });
}
