import { randomUUID } from 'node:crypto';
import { DECISION_MESSAGES, type JobProgress } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ReceivedMessage } from '../../ports/queue.js';
import type { Stored } from '../../ports/store.js';
import type { JobDocument } from '../jobs/job-document.js';
import { JobFailure, runJob, type JobResult } from '../jobs/run-job.js';
import { decisionJobInputSchema } from './decision-job-input.js';
import { draftDecision } from './draft-decision.js';
import { endDecision, markDecisionFailed } from './end-decision.js';

/**
 * The 'decision-jobs' queue worker: one delivery of a case decision's
 * message. However the run ends, a job that ended without a decision (failed,
 * stopped, out of attempts) is mirrored on the case's attachment, so the
 * decision card never shows Generating for a job that is over.
 */
export async function runDecisionJob(deps: Deps, message: ReceivedMessage, signal: AbortSignal): Promise<void> {
  try {
    await runJob(deps, message, signal, 'decision', (job, jobSignal, progress) =>
      produceCaseDecision(deps, job, jobSignal, progress),
    );
  } finally {
    await reflectEndedJob(deps, message.jobId).catch((error: unknown) =>
      deps.log.error('Reflecting a decision job on its case failed', { jobId: message.jobId, error }),
    );
  }
}

async function reflectEndedJob(deps: Deps, jobId: string): Promise<void> {
  const job = await deps.store.collection<JobDocument>('jobs').read(jobId, jobId);
  if (!job || job.kind !== 'decision' || job.status !== 'Failed') return;
  const parsed = decisionJobInputSchema.safeParse(job.input);
  if (!parsed.success) return;
  await markDecisionFailed(deps, parsed.data, job.errorMessage);
}

/**
 * Drafts the award, stores the PDF as the attachment's file, and completes
 * the attachment — conditionally on its still being Generating, so a
 * generation stopped meanwhile leaves no PDF behind. The case is then Resolved.
 */
async function produceCaseDecision(
  deps: Deps,
  job: Stored<JobDocument>,
  signal: AbortSignal,
  progress: (progress: JobProgress) => void,
): Promise<JobResult> {
  const input = decisionJobInputSchema.parse(job.input);
  const draft = await draftDecision(
    deps,
    {
      caseName: input.caseName,
      claimant: input.claimant,
      respondent: input.respondent,
      groups: input.groups,
      settings: input.settings,
    },
    signal,
    progress,
  );
  signal.throwIfAborted();

  const content = Buffer.from(draft.pdf);
  const blobName = `${input.disputeId}/${randomUUID()}`;
  await deps.blobs.upload('attachments', blobName, content, { contentType: 'application/pdf' });
  let landed: boolean;
  try {
    landed = await endDecision(deps, input, { status: 'Completed', blobName, size: content.byteLength });
  } catch (error) {
    await deps.blobs.delete('attachments', blobName).catch(() => false);
    if (error instanceof NotFoundError) throw new JobFailure('The case no longer exists.');
    throw error;
  }
  if (!landed) {
    await deps.blobs.delete('attachments', blobName).catch(() => false);
    throw new JobFailure(DECISION_MESSAGES.stopped);
  }
  return { content, contentType: 'application/pdf', extension: 'pdf', details: draft.details };
}
