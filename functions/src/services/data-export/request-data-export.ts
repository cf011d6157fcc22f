import { DATA_EXPORTS_PER_DAY, type DataExportStarted, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { ClientInfo } from '../../context/client-info.js';
import { NotFoundError } from '../../errors.js';
import { JOB_QUEUES } from '../../records/job-queues.js';
import type { UserDocument } from '../../records/user-document.js';
import { recordAudit } from '../audit/record-audit.js';
import { createJob } from '../jobs/create-job.js';
import { takeQuotaSlot, type QuotaSpec } from '../limits/fixed-window-quota.js';
import type { DataExportJobInput } from './data-export-job-input.js';

/** Copies per person a day: each reads all their cases; a person needs one, a retry or two at most. */
const DATA_EXPORTS: QuotaSpec = {
  name: 'data-export',
  limit: DATA_EXPORTS_PER_DAY,
  windowMs: 24 * 3600 * 1000,
  message: refusal('dataRights.tooManyExports'),
};

/** How long the job record lives: past the copy's validity, so its status still answers "expired". */
const JOB_TTL_SECONDS = 8 * 24 * 3600;

/**
 * `POST /user/data-export` (the person) and `POST /api/superadmin/users/{id}/data-export` (a super-administrator
 * answering a data-subject request made to the operator, with the reason): starts the job that writes the
 * copy (run-data-export-job.ts); 202 with its id, its status at the job-status route. Counted per person whose
 * data it is, and audited.
 */
export async function requestDataExport(
  deps: Deps,
  caller: Caller,
  client: ClientInfo,
  request: { subjectUserId: string; reason?: string },
): Promise<DataExportStarted> {
  const subject = await deps.store.collection<UserDocument>('users').read(request.subjectUserId, request.subjectUserId);
  const administrator = request.subjectUserId !== caller.userId;
  if (!subject || subject.closedAt) throw new NotFoundError(refusal('dataRights.userNotFound'));
  await takeQuotaSlot(deps, DATA_EXPORTS, subject.id);
  const input: DataExportJobInput = {
    subjectUserId: subject.id,
    requestedBy: { userId: caller.userId, administrator },
    ...(request.reason ? { reason: request.reason } : {}),
  };
  const job = await createJob(deps, {
    kind: 'data-export',
    queue: JOB_QUEUES['data-export'],
    ownerId: caller.userId,
    tenantId: subject.tenantId,
    input,
    ttl: JOB_TTL_SECONDS,
  });
  await recordAudit(deps, {
    action: 'ExportPersonalData',
    entityType: 'User',
    entityId: subject.id,
    userId: caller.userId,
    userEmail: caller.email,
    tenantId: subject.tenantId,
    ipAddress: client.ipAddress,
    success: true,
    details: administrator
      ? `Copy of a user's data for a data-subject request (job ${job.id}); reason: ${request.reason ?? ''}`
      : `Copy of the user's own data requested (job ${job.id})`,
  });
  return { jobId: job.id };
}
