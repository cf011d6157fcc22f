import type { AccountClosedView, DataExportStarted, JobStatusView, OpenCaseBlocker } from '@ratkaisu/core';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/client';

/** POST /user/data-export: starts the copy of the caller's data; its job to follow. */
export async function requestDataExport(): Promise<DataExportStarted> {
  return api.post<DataExportStarted>('/user/data-export');
}

/** GET /api/dispute/job/{id}/status: where the copy is. */
export function dataExportStatus(jobId: string, signal: AbortSignal): Promise<JobStatusView> {
  return api.get<JobStatusView>(`/api/dispute/job/${encodeURIComponent(jobId)}/status`, { signal });
}

/** GET /user/data-export/{jobId}: the finished ZIP. */
export function downloadDataExport(jobId: string): Promise<Blob> {
  return api.blob(`/user/data-export/${encodeURIComponent(jobId)}`);
}

export interface CloseAccountCredentials {
  password?: string;
  code?: string;
  entraToken?: string;
}

/** POST /user/close-account; 401 (wrong credentials) and 409 (open cases) come back as errors. */
export function closeAccount(credentials: CloseAccountCredentials): Promise<AccountClosedView> {
  return api.post<AccountClosedView>(
    '/user/close-account',
    { ...credentials, confirm: true },
    {
      redirectOnUnauthorized: false,
    },
  );
}

/** The cases a 409 `account_has_open_cases` names, or undefined for any other error. */
export function blockingCases(error: unknown): OpenCaseBlocker[] | undefined {
  if (!(error instanceof ApiError) || error.code !== 'account_has_open_cases') return undefined;
  const cases = (error.body as { cases?: unknown } | undefined)?.cases;
  return Array.isArray(cases) ? (cases as OpenCaseBlocker[]) : [];
}
