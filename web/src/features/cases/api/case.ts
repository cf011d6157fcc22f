import type { AttachmentView, ChangeTokenView, DisputeView, PhaseType, PhaseView } from '@ratkaisu/core';
import { api } from '../../../api/api';
import { uploadFiles } from '../../../api/upload';
import { saveBlob } from '../../../ui/save-blob';
import { listOrFail } from './disputes';

/** The case page's calls (docs/product.md section 7 and the case-documents contract). */
const disputePath = (disputeId: string) => `/api/dispute/${encodeURIComponent(disputeId)}`;

export function getDispute(disputeId: string, signal?: AbortSignal): Promise<DisputeView> {
  return api.get<DisputeView>(disputePath(disputeId), { signal });
}

/** A token that changes whenever what the case page shows changes (the live page polls it). */
export function getCaseChangeToken(disputeId: string, signal?: AbortSignal): Promise<ChangeTokenView> {
  return api.get<ChangeTokenView>(`${disputePath(disputeId)}/change-token`, { signal });
}

/** The case's phases in creation order, oldest first. */
export async function getPhases(disputeId: string, signal?: AbortSignal): Promise<PhaseView[]> {
  return listOrFail(await api.get<unknown>(`${disputePath(disputeId)}/phases`, { signal }));
}

/** Save and Send (to the next phase) or End Process (to Resolution); answers the phases after the move. */
export function moveToPhase(disputeId: string, phaseType: PhaseType): Promise<PhaseView[]> {
  return api.post<PhaseView[]>(`${disputePath(disputeId)}/phase/${encodeURIComponent(phaseType)}`);
}

/** Adds files to the active phase; all or nothing. */
export function uploadPhaseFiles(
  disputeId: string,
  phaseId: string,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<AttachmentView[]> {
  // The contract's path has no /api prefix (docs/product.md section 7 lists it so).
  const path = `/${encodeURIComponent(disputeId)}/phases/${encodeURIComponent(phaseId)}/attachments`;
  return uploadFiles<AttachmentView[]>(path, files, { onProgress });
}

export async function deleteAttachment(attachmentId: string): Promise<void> {
  await api.delete<void>(`/api/dispute/attachments/${encodeURIComponent(attachmentId)}`);
}

/** Downloads a phase file through the streamed route, so the browser never holds a base64 copy. */
export async function downloadAttachment(
  disputeId: string,
  phaseId: string,
  file: { id: string; fileName: string },
): Promise<void> {
  const path = `${disputePath(disputeId)}/phases/${encodeURIComponent(phaseId)}/attachment/${encodeURIComponent(file.id)}/download`;
  saveBlob(await api.blob(path), file.fileName);
}
