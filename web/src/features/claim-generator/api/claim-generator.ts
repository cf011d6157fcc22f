import type {
  AttachmentView,
  ClaimGenerationRequest,
  DisputeView,
  JobStatusView,
  PhaseView,
  SaveClaimAsPdfRequest,
  WorkFileView,
} from '@ratkaisu/core';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/client';

/** The claim generator's calls (SPEC.md section 7). */
const disputePath = (disputeId: string) => `/api/dispute/${encodeURIComponent(disputeId)}`;
const jobPath = (jobId: string) => `/api/dispute/job/${encodeURIComponent(jobId)}`;

/** A file the claim can be drafted from: a Claim-phase attachment or one of the caller's work files. */
export interface SourceFile {
  id: string;
  fileName: string;
  dateCreated: string | Date;
  size?: number;
}

/** A list answer that is not a list (a proxy's page, an older server) is an error, not a crash. */
function listOrFail<T>(value: unknown): T[] {
  if (!Array.isArray(value)) throw new ApiError(0, 'invalid_response', 'The server sent an unexpected answer.');
  return value as T[];
}

export function getDispute(disputeId: string, signal?: AbortSignal): Promise<DisputeView> {
  return api.get<DisputeView>(disputePath(disputeId), { signal });
}

/** The files of the case's Claim phase (none when the phase is empty). */
export async function getClaimPhaseFiles(disputeId: string, signal?: AbortSignal): Promise<SourceFile[]> {
  const phases = listOrFail<PhaseView>(await api.get<unknown>(`${disputePath(disputeId)}/phases`, { signal }));
  return phases.find((phase) => phase.type === 'Claim')?.attachments ?? [];
}

/** The caller's side's work files. */
export async function getWorkFiles(disputeId: string, signal?: AbortSignal): Promise<SourceFile[]> {
  return listOrFail<WorkFileView>(await api.get<unknown>(`${disputePath(disputeId)}/workfiles`, { signal }));
}

/** Thrown when the server accepted the request but its answer carries no job id. */
export class MissingJobIdError extends Error {
  override name = 'MissingJobIdError';
}

/** Starts a claim draft; answers the job id to poll. */
export async function startClaimGeneration(
  disputeId: string,
  request: ClaimGenerationRequest,
  signal?: AbortSignal,
): Promise<string> {
  let answer: unknown;
  try {
    answer = await api.post<unknown>(`${disputePath(disputeId)}/generateclaim`, request, { signal });
  } catch (failure) {
    // A success whose body is not JSON carries no job id either.
    if (failure instanceof ApiError && failure.code === 'invalid_response' && failure.status < 300) {
      throw new MissingJobIdError();
    }
    throw failure;
  }
  const jobId = (answer as { data?: { jobId?: unknown } } | undefined)?.data?.jobId;
  if (typeof jobId !== 'string' || jobId === '') throw new MissingJobIdError();
  return jobId;
}

export function getJobStatus(jobId: string, signal?: AbortSignal): Promise<JobStatusView> {
  return api.get<JobStatusView>(`${jobPath(jobId)}/status`, { signal });
}

/** A claim job's result: the drafted claim application as markdown. */
export async function getJobResultText(jobId: string, signal?: AbortSignal): Promise<string> {
  const blob = await api.blob(`${jobPath(jobId)}/result`, { signal });
  return blob.text();
}

/**
 * Renders the (edited) claim into a PDF in the Claim phase; answers the new attachment and the
 * server's warnings about references to acts or precedents it could not verify (none when absent).
 */
export async function saveClaimAsPdf(
  disputeId: string,
  request: SaveClaimAsPdfRequest,
): Promise<{ attachment: AttachmentView; warnings: string[] }> {
  // The contract's path has no /api prefix (SPEC.md section 7 lists it so).
  const answer = await api.post<{ data: AttachmentView; warnings?: string[] }>(
    `/dispute/${encodeURIComponent(disputeId)}/saveclaimaspdf`,
    request,
  );
  return { attachment: answer.data, warnings: Array.isArray(answer.warnings) ? answer.warnings : [] };
}
