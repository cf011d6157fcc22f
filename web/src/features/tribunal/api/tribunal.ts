import type {
  AwardView,
  ClaimsSummaryView,
  DisputeSummary,
  DispositiveCheckView,
  DisputeView,
  JobStatusView,
  PhaseView,
  RespondAppointment,
  SaveAwardDraft,
  TribunalSize,
  TribunalView,
} from '@ratkaisu/core';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/client';
import { unwrapData } from '../../../api/unwrap-data';

/** The tribunal's calls (docs/architecture.md "The tribunal"). */
const disputePath = (disputeId: string) => `/api/dispute/${encodeURIComponent(disputeId)}`;
const awardPath = (disputeId: string, awardId: string) =>
  `${disputePath(disputeId)}/award/${encodeURIComponent(awardId)}`;

function listOf<T>(answer: unknown): T[] {
  const value = unwrapData<unknown>(answer);
  if (!Array.isArray(value)) throw new ApiError(0, 'invalid_response', 'The server sent an unexpected answer.');
  return value as T[];
}

export async function requestTribunal(disputeId: string, size: TribunalSize, note?: string): Promise<TribunalView> {
  const body = { size, ...(note ? { note } : {}) };
  return unwrapData(await api.post<unknown>(`${disputePath(disputeId)}/tribunal/request`, body));
}

export async function respondAppointment(disputeId: string, answer: RespondAppointment): Promise<TribunalView> {
  return unwrapData(await api.post<unknown>(`${disputePath(disputeId)}/tribunal/respond`, answer));
}

/** A case the caller sits on as an arbitrator. */
export type ArbitratorCase = DisputeSummary & { caseNumber?: string; tribunal: TribunalView };

export async function listArbitratorCases(signal?: AbortSignal): Promise<ArbitratorCase[]> {
  return listOf<ArbitratorCase>(await api.get<unknown>('/api/tribunal/cases', { signal }));
}

export async function getAward(disputeId: string, awardId: string, signal?: AbortSignal): Promise<AwardView> {
  return unwrapData(await api.get<unknown>(awardPath(disputeId, awardId), { signal }));
}

/** Saves a new version; a 409 carries `current`, the newer version someone else saved (see `staleAward`). */
export async function saveAward(disputeId: string, awardId: string, draft: SaveAwardDraft): Promise<AwardView> {
  return unwrapData(await api.put<unknown>(awardPath(disputeId, awardId), draft));
}

/** The newer version a 409 on save carries, when the server sent it. */
export function staleAward(error: unknown): AwardView | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const body = error.body;
  if (body && typeof body === 'object' && 'current' in body) return (body as { current: AwardView }).current;
  return undefined;
}

export async function adoptAward(
  disputeId: string,
  awardId: string,
  version: number,
  notSigning: { userId: string; reason: string }[],
  confirmMismatches = false,
): Promise<AwardView> {
  return unwrapData(
    await api.post<unknown>(`${awardPath(disputeId, awardId)}/adopt`, { version, notSigning, confirmMismatches }),
  );
}

/** Where the tuomiolauselma and chapter 6 of the draft's current version differ (shown before adopting). */
export async function getDispositiveCheck(disputeId: string, awardId: string): Promise<DispositiveCheckView> {
  return unwrapData(await api.get<unknown>(`${awardPath(disputeId, awardId)}/dispositive-check`));
}

export async function signAward(
  disputeId: string,
  awardId: string,
  credentials: { password?: string; code?: string; entraToken?: string; pdfSha256: string },
): Promise<AwardView> {
  // A wrong password answers 401: that is the form's message, not a reason to leave for the sign-in page.
  return unwrapData(
    await api.post<unknown>(`${awardPath(disputeId, awardId)}/sign`, credentials, { redirectOnUnauthorized: false }),
  );
}

/** The case's phases, to find the phase of a document a page reference opens. */
export async function getPhases(disputeId: string, signal?: AbortSignal): Promise<PhaseView[]> {
  return listOf<PhaseView>(await api.get<unknown>(`${disputePath(disputeId)}/phases`, { signal }));
}

/** A phase file as a blob, through the streamed download route. */
export function fetchAttachment(disputeId: string, phaseId: string, fileId: string): Promise<Blob> {
  return api.blob(
    `${disputePath(disputeId)}/phases/${encodeURIComponent(phaseId)}/attachment/${encodeURIComponent(fileId)}/download`,
  );
}

/** The case, for the tribunal's members and their roles. */
export async function getDisputeForReview(disputeId: string, signal?: AbortSignal): Promise<DisputeView> {
  return unwrapData(await api.get<unknown>(disputePath(disputeId), { signal }));
}

/** Asks the model to write one chapter (1-based) again with an instruction; answers the job to poll. */
export async function regenerateChapter(
  disputeId: string,
  awardId: string,
  body: { baseVersion: number; chapter: number; instruction: string },
): Promise<{ jobId: string }> {
  return unwrapData(await api.post<unknown>(`${awardPath(disputeId, awardId)}/regenerate`, body));
}

export function getJobStatus(jobId: string, signal?: AbortSignal): Promise<JobStatusView> {
  return api.get<JobStatusView>(`/api/dispute/job/${encodeURIComponent(jobId)}/status`, { signal });
}

/** A member has the parties' claims extracted (a job, polled with getJobStatus). */
export async function extractClaims(disputeId: string): Promise<{ jobId: string }> {
  return unwrapData(await api.post<unknown>(`${disputePath(disputeId)}/tribunal/claims-summary`));
}

/** A party confirms its side of the summary (no text) or corrects it. */
export async function answerClaims(
  disputeId: string,
  side: 'claimant' | 'respondent',
  text?: string,
): Promise<ClaimsSummaryView> {
  return unwrapData(
    await api.put<unknown>(`${disputePath(disputeId)}/tribunal/claims-summary/${side}`, text ? { text } : {}),
  );
}

/** A party or a member comments on the summary of the claims. */
export async function commentClaims(disputeId: string, text: string): Promise<ClaimsSummaryView> {
  return unwrapData(await api.post<unknown>(`${disputePath(disputeId)}/tribunal/claims-summary/comments`, { text }));
}

/** A member opened chapter `chapter` (1-based) of the draft to read it: recorded once per change. */
export async function openChapter(disputeId: string, awardId: string, chapter: number): Promise<AwardView> {
  return unwrapData(await api.post<unknown>(`${awardPath(disputeId, awardId)}/chapters/${chapter}/open`));
}

/** A stale chapter checked and kept as it is, on the version the member sees. */
export async function keepChapter(
  disputeId: string,
  awardId: string,
  chapter: number,
  baseVersion: number,
): Promise<AwardView> {
  return unwrapData(
    await api.post<unknown>(`${awardPath(disputeId, awardId)}/chapters/${chapter}/keep`, { baseVersion }),
  );
}

/** Discards the AI's text of a chapter (a new version with the chapter empty), on the version the member sees. */
export async function writeChapterFromBlank(
  disputeId: string,
  awardId: string,
  chapter: number,
  baseVersion: number,
): Promise<AwardView> {
  return unwrapData(
    await api.post<unknown>(`${awardPath(disputeId, awardId)}/chapters/${chapter}/blank`, { baseVersion }),
  );
}
