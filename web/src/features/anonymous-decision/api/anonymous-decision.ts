import type { JobStatusView } from '@ratkaisu/core';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/client';
import { uploadFiles } from '../../../api/upload';

/** The anonymous generator's calls (docs/product.md section 7). All public: a 401 never sends this page to sign-in. */
const jobPath = (jobId: string) => `/api/dispute/job/${encodeURIComponent(jobId)}`;

/** Thrown when the server accepted the request but its answer carries no job id. */
export class MissingJobIdError extends Error {
  override name = 'MissingJobIdError';
}

export interface StartOptions {
  /** The decision settings as a JSON string; omitted, the server uses its defaults. */
  settings?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Uploads the PDFs (one `files` part each) and answers the id of the job that drafts the decision. */
export async function startAnonymousDecision(files: readonly File[], options: StartOptions = {}): Promise<string> {
  let answer: unknown;
  try {
    answer = await uploadFiles<unknown>('/api/dispute/generatedecisionanonymous', files, {
      field: 'files',
      ...(options.settings !== undefined ? { fields: { settings: options.settings } } : {}),
      onProgress: options.onProgress,
      signal: options.signal,
      redirectOnUnauthorized: false,
    });
  } catch (failure) {
    // A success whose body is not JSON carries no job id either.
    if (failure instanceof ApiError && failure.code === 'invalid_response' && failure.status < 300) {
      throw new MissingJobIdError();
    }
    throw failure;
  }
  // docs/product.md says only that the call "returns jobId": take it bare or in the usual data envelope.
  const body = answer as { jobId?: unknown; data?: { jobId?: unknown } } | undefined;
  const jobId = body?.jobId ?? body?.data?.jobId;
  if (typeof jobId !== 'string' || jobId === '') throw new MissingJobIdError();
  return jobId;
}

export function getJobStatus(jobId: string, signal?: AbortSignal): Promise<JobStatusView> {
  return api.get<JobStatusView>(`${jobPath(jobId)}/status`, { signal, redirectOnUnauthorized: false });
}

/** The finished decision as a PDF blob. */
export function getDecisionPdf(jobId: string, signal?: AbortSignal): Promise<Blob> {
  return api.blob(`${jobPath(jobId)}/result`, { signal, redirectOnUnauthorized: false });
}

/** Cancel: asks the server to stop the job (it stops within seconds; a finished one is left as it is). */
export async function stopAnonymousJob(jobId: string): Promise<void> {
  await api.post(`${jobPath(jobId)}/stop`, undefined, { redirectOnUnauthorized: false });
}
