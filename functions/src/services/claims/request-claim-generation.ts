import { type claimGenerationSchema, refusal } from '@ratkaisu/core';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { BadRequestError, ForbiddenError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { readVisibleDispute } from '../disputes/dispute-access.js';
import { assertNotFinal } from '../disputes/assert-not-final.js';
import type { DocumentSource } from '../documents/document-text.js';
import { listSideWorkFiles } from '../files/work-file-document.js';
import { createJob } from '../jobs/create-job.js';
import type { ClaimJobInput } from './claim-job-input.js';
import { startClaimDraft } from './claim-draft.js';
import { CLAIMANT_ONLY_MESSAGE } from './claimant-only.js';

/** The request body after validation (defaults filled in). */
export type ClaimGenerationInput = z.output<typeof claimGenerationSchema>;

export { CLAIMANT_ONLY_MESSAGE };

/**
 * `POST /api/dispute/{id}/generateclaim`: queues a claim draft from the
 * selected files — the case's Claim-phase files and the claimant side's work
 * files, in any mix, in the order given. Only the claimant side may ask (the
 * respondent side gets a 403; anyone else the case's 404). Every id must be
 * one of those files, or nothing is queued.
 */
export async function requestClaimGeneration(
  deps: Deps,
  caller: Caller,
  input: { disputeId: string; request: ClaimGenerationInput },
  client: ClientInfo,
): Promise<{ jobId: string }> {
  if (!input.disputeId.trim()) throw new BadRequestError(refusal('claims.missingDisputeId'));
  const { dispute, side } = await readVisibleDispute(deps, caller, input.disputeId);
  assertNotFinal(dispute);
  if (side !== 'claimant') throw new ForbiddenError(refusal('cases.claimantOnlyClaim'));

  const fileIds = [...new Set(input.request.fileIds)];
  const available = new Map<string, DocumentSource>();
  for (const attachment of dispute.phases.find((phase) => phase.type === 'Claim')?.attachments ?? []) {
    // A file without a blob is a decision still being generated, not a document.
    if (!attachment.blobName) continue;
    available.set(attachment.id, {
      fileId: attachment.id,
      fileName: attachment.fileName,
      container: 'attachments',
      blobName: attachment.blobName,
    });
  }
  if (fileIds.some((id) => !available.has(id))) {
    for (const file of await listSideWorkFiles(deps, dispute.id, 'claimant')) {
      available.set(file.id, {
        fileId: file.id,
        fileName: file.fileName,
        container: 'workfiles',
        blobName: file.blobName,
      });
    }
  }
  const files = fileIds.map((id) => available.get(id));
  if (files.some((file) => file === undefined)) throw new BadRequestError(refusal('claims.filesNotFound'));
  const selected = files as DocumentSource[];

  const jobInput: ClaimJobInput = {
    language: input.request.settings.language,
    caseName: input.request.case_name,
    claimant: {
      name: input.request.claimant_info.name || dispute.claimant.name,
      contactInfo: input.request.claimant_info.contact_info,
      identificationNumber: dispute.claimant.identificationNumber,
    },
    respondent: {
      name: dispute.respondent.name,
      identificationNumber: dispute.respondent.identificationNumber,
      address: dispute.respondent.address,
      email: dispute.respondent.email,
    },
    files: selected,
  };
  const job = await createJob(deps, {
    kind: 'claim',
    queue: 'claim-jobs',
    ownerId: caller.userId,
    disputeId: dispute.id,
    tenantId: dispute.tenantId,
    input: jobInput,
  });
  // The job's result becomes the caller's draft of the case, replacing the one before.
  await startClaimDraft(deps, { disputeId: dispute.id, userId: caller.userId, jobId: job.id });

  await recordCallerAction(deps, caller, client, {
    action: 'GenerateClaim',
    entityType: 'Dispute',
    entityId: dispute.id,
    details: describeSelection(job.id, selected),
  });
  return { jobId: job.id };
}

function describeSelection(jobId: string, files: readonly DocumentSource[]): string {
  const text = `Claim draft job ${jobId} from ${files.length} file(s): ${files.map((file) => file.fileName).join(', ')}`;
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text;
}
