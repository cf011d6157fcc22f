import type { IncidentDetail, IncidentList, IncidentStatus, IncidentSummary, OmbudsmanReport } from '@ratkaisu/core';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/client';

const BASE = '/api/superadmin/incidents';
const path = (id: string, rest = '') => `${BASE}/${encodeURIComponent(id)}${rest}`;

function detail(value: IncidentDetail | undefined): IncidentDetail {
  if (!value || typeof value.id !== 'string') {
    throw new ApiError(0, 'invalid_response', 'The server sent an unexpected answer.');
  }
  return value;
}

/** Security incidents, newest first, each with the time left to its notification deadline. */
export async function listIncidents(signal?: AbortSignal): Promise<IncidentSummary[]> {
  const value = await api.get<IncidentList>(BASE, { signal });
  if (!value || !Array.isArray(value.items)) {
    throw new ApiError(0, 'invalid_response', 'The server sent an unexpected answer.');
  }
  return value.items;
}

export const getIncident = async (id: string, signal?: AbortSignal) =>
  detail(await api.get<IncidentDetail>(path(id), { signal }));

export const addIncidentNote = async (id: string, text: string) =>
  detail(await api.post<IncidentDetail>(path(id, '/notes'), { text }));

export const changeIncidentStatus = async (id: string, status: IncidentStatus, reason?: string) =>
  detail(await api.post<IncidentDetail>(path(id, '/status'), { status, ...(reason ? { reason } : {}) }));

export const saveOmbudsmanReport = async (id: string, report: OmbudsmanReport) =>
  detail(await api.put<IncidentDetail>(path(id, '/ombudsman'), report));

export const exportOmbudsmanReport = (id: string, format: 'text' | 'json') =>
  api.blob(path(id, `/ombudsman?format=${format}`));

export const prepareIncidentNotices = async (id: string) =>
  detail(await api.post<IncidentDetail>(path(id, '/notices')));

export const sendIncidentNotices = async (id: string) =>
  detail(await api.post<IncidentDetail>(path(id, '/notices/send'), { confirm: true }));
