import type { WorkFileView } from '@ratkaisu/core';
import { api } from '../../../api/api';
import { uploadFiles } from '../../../api/upload';
import { saveBlob } from '../../../ui/save-blob';
import { listOrFail } from './disputes';

/** Work files of the Tools section: private to the caller's side of the case. */
const workFilesPath = (disputeId: string) => `/api/dispute/${encodeURIComponent(disputeId)}/workfiles`;

/** The caller's side's work files, newest first. */
export async function getWorkFiles(disputeId: string, signal?: AbortSignal): Promise<WorkFileView[]> {
  return listOrFail(await api.get<unknown>(workFilesPath(disputeId), { signal }));
}

export function uploadWorkFiles(
  disputeId: string,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<WorkFileView[]> {
  return uploadFiles<WorkFileView[]>(workFilesPath(disputeId), files, { onProgress });
}

export async function deleteWorkFile(disputeId: string, fileId: string): Promise<void> {
  await api.delete<void>(`${workFilesPath(disputeId)}/${encodeURIComponent(fileId)}`);
}

export async function downloadWorkFile(disputeId: string, file: { id: string; fileName: string }): Promise<void> {
  saveBlob(await api.blob(`${workFilesPath(disputeId)}/${encodeURIComponent(file.id)}`), file.fileName);
}
