import type {
  AttachmentView,
  ClaimDraftView,
  ClaimGenerationRequest,
  FiledClaimAnswer,
  DisputeView,
  JobStatusView,
  PhaseView,
  SaveClaimAsPdfRequest,
  WorkFileView,
} from '@ratkaisu/core';
import { api } from '../../../api/api';
import { saveBlob } from '../../../ui/save-blob';
import { ApiError } from '../../../api/client';

/** The claim generator's calls (docs/product.md section 7). */
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
 * Files the (edited) claim as a PDF in the Claim phase; answers the document, its phase, whether the same
 * text was filed before (then nothing new was added), and the server's warnings about references to acts
 * or precedents it could not verify (none when absent).
 */
export async function saveClaimAsPdf(
  disputeId: string,
  request: SaveClaimAsPdfRequest,
): Promise<{ attachment: AttachmentView; phaseId?: string; alreadyFiled: boolean; warnings: string[] }> {
  // The contract's path has no /api prefix (docs/product.md section 7 lists it so).
  const answer = await api.post<FiledClaimAnswer>(`/dispute/${encodeURIComponent(disputeId)}/saveclaimaspdf`, request);
  return {
    attachment: answer.data,
    ...(answer.phaseId ? { phaseId: answer.phaseId } : {}),
    alreadyFiled: answer.alreadyFiled === true,
    warnings: Array.isArray(answer.warnings) ? answer.warnings : [],
  };
}

/** The caller's claim draft of the case (null: none). */
export async function getClaimDraft(disputeId: string, signal?: AbortSignal): Promise<ClaimDraftView | null> {
  const answer = await api.get<{ data?: ClaimDraftView | null }>(`${disputePath(disputeId)}/claimdraft`, { signal });
  return answer?.data ?? null;
}

/** Saves an edit, conditional on the version it was made from (a stale one: ApiError 409 with `current`). */
export async function saveClaimDraft(
  disputeId: string,
  markdown: string,
  version: string,
  signal?: AbortSignal,
): Promise<ClaimDraftView> {
  const answer = await api.put<{ data: ClaimDraftView }>(
    `${disputePath(disputeId)}/claimdraft`,
    { markdown, version },
    { signal },
  );
  return answer.data;
}

/** Discards the draft (a job still writing it is stopped). */
export async function discardClaimDraft(disputeId: string, version: string): Promise<void> {
  await api.delete(`${disputePath(disputeId)}/claimdraft?version=${encodeURIComponent(version)}`);
}

/** The claim text as a PDF, rendered by the server and filed nowhere (Download PDF). */
export function downloadClaimPdf(disputeId: string, markdownContent: string): Promise<Blob> {
  return api.postBlob(`${disputePath(disputeId)}/claimdraft/pdf`, { markdownContent });
}

/** Stop: asks the server to stop the claim job. */
export async function stopClaimJob(jobId: string): Promise<void> {
  await api.post(`${jobPath(jobId)}/stop`);
}

/** The newer draft a 409 carries, when a save was based on an older version. */
export function newerDraftOf(failure: unknown): ClaimDraftView | null {
  if (!(failure instanceof ApiError) || failure.status !== 409) return null;
  const current = (failure.body as { current?: ClaimDraftView } | undefined)?.current;
  return current && typeof current.markdown === 'string' && typeof current.version === 'string' ? current : null;
}

/** Downloads a document of the case (the filed claim) through the streamed route. */
export async function downloadCaseFile(
  disputeId: string,
  phaseId: string,
  file: { id: string; fileName: string },
): Promise<void> {
  const path = `${disputePath(disputeId)}/phases/${encodeURIComponent(phaseId)}/attachment/${encodeURIComponent(file.id)}/download`;
  saveBlob(await api.blob(path), file.fileName);
}
