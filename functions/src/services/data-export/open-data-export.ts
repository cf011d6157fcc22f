import { DATA_EXPORT_VALID_HOURS, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { FileStream } from '../files/file-download.js';
import type { JobDocument } from '../jobs/job-document.js';
import { helsinkiDate } from '../jobs/open-job-result.js';
import { recordAudit } from '../audit/record-audit.js';
import { dataExportJobInputSchema } from './data-export-job-input.js';

/**
 * `GET /user/data-export/{jobId}`: the finished copy, streamed, to the one who asked for it only (the person,
 * or the administrator who made it on their request) and for DATA_EXPORT_VALID_HOURS after it was made; then
 * the blob is deleted. Any other job, someone else's, or an expired one answers the same 404. Each download
 * is audited (`DownloadPersonalData`, on the person whose data it is), so a copy an administrator took for a
 * data-subject request shows when it left the service and to whom.
 */
export async function openDataExport(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  caller: Caller,
  client: ClientInfo,
  jobId: string,
) {
  const job = jobId ? await deps.store.collection<JobDocument>('jobs').read(jobId, jobId) : undefined;
  if (!job || job.kind !== 'data-export' || job.ownerId !== caller.userId) {
    throw new NotFoundError(refusal('dataRights.exportNotFound'));
  }
  if (job.status === 'Queued' || job.status === 'Running')
    throw new ConflictError(refusal('dataRights.exportNotReady'));
  if (job.status !== 'Completed' || !job.resultBlob) throw new NotFoundError(refusal('dataRights.exportNotFound'));
  const expiresAt = new Date(job.updatedAt).getTime() + DATA_EXPORT_VALID_HOURS * 3600 * 1000;
  if (deps.clock.now().getTime() > expiresAt) {
    await deps.blobs.delete(job.resultContainer ?? 'results', job.resultBlob);
    throw new NotFoundError(refusal('dataRights.exportNotFound'));
  }
  const download = await deps.blobs.download(job.resultContainer ?? 'results', job.resultBlob);
  if (!download) throw new NotFoundError(refusal('dataRights.exportNotFound'));
  const input = dataExportJobInputSchema.safeParse(job.input);
  const subjectUserId = input.success ? input.data.subjectUserId : caller.userId;
  const administrator = subjectUserId !== caller.userId;
  await recordAudit(deps, {
    action: 'DownloadPersonalData',
    entityType: 'User',
    entityId: subjectUserId,
    userId: caller.userId,
    userEmail: caller.email,
    ...(job.tenantId ? { tenantId: job.tenantId } : {}),
    ipAddress: client.ipAddress,
    success: true,
    details: administrator
      ? `Copy of a user's data downloaded by an administrator (job ${job.id}, ${download.size} bytes)`
      : `Copy of the user's own data downloaded (job ${job.id}, ${download.size} bytes)`,
  });
  const stream: FileStream = {
    stream: download.stream,
    size: download.size,
    fileName: `Ratkaisu-data-${helsinkiDate(new Date(job.updatedAt))}.zip`,
    contentType: 'application/zip',
  };
  return stream;
}
