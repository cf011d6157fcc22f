import { DECISION_MESSAGES } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ReceivedMessage } from '../../ports/queue.js';
import type { Stored } from '../../ports/store.js';
import type { JobDocument } from '../jobs/job-document.js';
import { saveJobCheckpoint, saveJobDossier } from '../jobs/job-checkpoints.js';
import { JobFailure, runJob, type JobResult } from '../jobs/run-job.js';
import { decisionJobInputSchema } from './decision-job-input.js';
import { recordAudit } from '../audit/record-audit.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { discardDecisionRecord, storeDecisionRecord } from '../awards/store-decision-record.js';
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
    await runJob(deps, message, signal, 'decision', (job, jobSignal) => produceCaseDecision(deps, job, jobSignal));
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
 * Drafts the decision, keeps its record in 'awards' (chapters, settings, citation flags) and its PDF in the
 * frame, and ends the attachment — conditionally on its still being Generating, so a generation stopped
 * meanwhile leaves nothing behind. A tribunal's draft becomes Draft (the tribunal reviews it); an AI decision
 * Completed. Neither resolves the case: the tribunal's signatures or both parties' acceptance do.
 */
async function produceCaseDecision(deps: Deps, job: Stored<JobDocument>, signal: AbortSignal): Promise<JobResult> {
  const input = decisionJobInputSchema.parse(job.input);
  const draft = await draftDecision(
    deps,
    {
      caseName: input.caseName,
      claimant: input.claimant,
      respondent: input.respondent,
      groups: input.groups,
      settings: input.settings,
      checkpoints: {
        saved: job.checkpoints ?? [],
        save: async (chapter) => {
          await saveJobCheckpoint(deps, job, chapter);
        },
        ...(job.dossier ? { dossier: job.dossier } : {}),
        saveDossier: async (dossier) => {
          await saveJobDossier(deps, job, dossier);
        },
      },
    },
    signal,
  );
  signal.throwIfAborted();

  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(input.disputeId, input.disputeId);
  if (!dispute) throw new JobFailure('The case no longer exists.');
  const stored = await storeDecisionRecord(deps, { dispute, input, jobId: job.id, draft });
  let landed: boolean;
  try {
    landed = await endDecision(deps, input, {
      status: input.kind === 'award' ? 'Draft' : 'Completed',
      blobName: stored.blobName,
      size: stored.size,
    });
  } catch (error) {
    await discardDecisionRecord(deps, input, stored.blobName);
    if (error instanceof NotFoundError) throw new JobFailure('The case no longer exists.');
    throw error;
  }
  if (!landed) {
    await discardDecisionRecord(deps, input, stored.blobName);
    throw new JobFailure(DECISION_MESSAGES.stopped);
  }
  await recordAudit(deps, {
    action: 'DecisionDrafted',
    entityType: 'Dispute',
    entityId: input.disputeId,
    userId: input.settingsBy?.userId ?? job.ownerId ?? 'system',
    success: true,
    details:
      `${input.kind === 'award' ? 'Tribunal draft' : 'AI decision'} ${input.attachmentId}; model ${draft.production.model}; ` +
      `settings sha256 ${input.settingsBy?.sha256 ?? 'unknown'}; pdf sha256 ${stored.sha256}; ` +
      `${draft.report.unverified.length}/${draft.report.checked} references flagged`,
  });
  return {
    content: stored.pdf,
    contentType: 'application/pdf',
    extension: 'pdf',
    details: draft.details,
    record: { usage: draft.usage, ...(draft.injections.length > 0 ? { injections: draft.injections } : {}) },
  };
}
