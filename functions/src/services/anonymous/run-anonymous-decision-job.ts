import type { JobProgress } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ReceivedMessage } from '../../ports/queue.js';
import type { Stored } from '../../ports/store.js';
import { renderAnonymousDecisionPdf } from '../awards/render-award.js';
import { toAiProvenance } from '../awards/ai-provenance.js';
import { withAiUse, modelDeployment } from '../ai-use/ai-use-details.js';
import { recordAudit } from '../audit/record-audit.js';
import { draftDecision } from '../decisions/draft-decision.js';
import { estimateDecisionJob } from '../decisions/estimate-decision-job.js';
import type { JobDocument } from '../jobs/job-document.js';
import { decisionCheckpoints } from '../decisions/decision-checkpoints.js';
import { JobFailure, runJob, type JobResult } from '../jobs/run-job.js';
import { deleteBlobs, inputFilesOf } from './anonymous-job-files.js';
import { anonymousJobInputSchema } from './anonymous-job-input.js';

/** The case name on a decision drafted without a case, when the first file's name gives none. */
const UNNAMED_CASE = 'Välitystuomioluonnos';

/**
 * The 'anonymous-decision-jobs' queue worker: one delivery of a public
 * generator job. The uploaded PDFs form one group of documents (A1, A2, …);
 * once the job has ended, one way or another, they and their cached text are
 * deleted, as nothing will read them again (the decision PDF stays until
 * the job expires).
 */
export async function runAnonymousDecisionJob(
  deps: Deps,
  message: ReceivedMessage,
  signal: AbortSignal,
): Promise<void> {
  try {
    await runJob(
      deps,
      message,
      signal,
      'anonymous-decision',
      (job, jobSignal, progress) => draftAnonymousDecision(deps, job, jobSignal, progress),
      (job) => {
        const { files, settings } = anonymousJobInputSchema.parse(job.input);
        return estimateDecisionJob(deps, {
          caseName: files[0]!.fileName.replace(/\.pdf$/i, '').trim() || UNNAMED_CASE,
          groups: [{ prefix: 'A', documents: files }],
          settings,
        });
      },
    );
  } finally {
    await deleteInputsOfEndedJob(deps, message.jobId);
  }
}

async function draftAnonymousDecision(
  deps: Deps,
  job: Stored<JobDocument>,
  signal: AbortSignal,
  progress: (progress: JobProgress) => void,
): Promise<JobResult> {
  const input = anonymousJobInputSchema.safeParse(job.input);
  if (!input.success) {
    deps.log.error('An anonymous decision job carries input that is not valid', { jobId: job.id });
    throw new JobFailure('The request of this job is not valid. Please upload the files again.');
  }
  const { files, settings } = input.data;
  const draft = await draftDecision(
    deps,
    {
      caseName: files[0]!.fileName.replace(/\.pdf$/i, '').trim() || UNNAMED_CASE,
      groups: [{ prefix: 'A', documents: files }],
      settings,
      voice: 'proposal',
      checkpoints: decisionCheckpoints(deps, job),
    },
    signal,
    progress,
  );
  progress({ stage: 'rendering' });
  const deployment = modelDeployment(deps.config.model);
  const { pdf, sha256, marking } = await renderAnonymousDecisionPdf({
    caseName: files[0]!.fileName.replace(/\.pdf$/i, '').trim() || UNNAMED_CASE,
    date: deps.clock.now(),
    draft: { ...draft, production: { ...draft.production, deployment } },
  });
  await recordAudit(deps, {
    action: 'DecisionDrafted',
    entityType: 'AnonymousDecisionJob',
    entityId: job.id,
    success: true,
    details: withAiUse(`Public generator's proposal; model ${draft.production.model}; pdf sha256 ${sha256}`, {
      event: 'generated',
      use: 'anonymousDecision',
      outputId: job.id,
      model: draft.production.model,
      deployment,
      inputs: { documents: files.map((file, index) => ({ code: `A${index + 1}`, sha256: file.sha256 ?? 'unknown' })) },
      outputSha256: sha256,
      references: { checked: draft.report.checked, flagged: draft.report.unverified.length },
    }),
  });
  return {
    content: pdf,
    contentType: 'application/pdf',
    extension: 'pdf',
    details: draft.details,
    record: {
      usage: draft.usage,
      ...(draft.injections.length > 0 ? { injections: draft.injections } : {}),
      // The status JSON states what the PDF's XMP does (Art. 50): the same marking, once.
      aiProvenance: toAiProvenance(marking),
    },
  };
}

/** Never throws: the delivery's own outcome must not be masked by a cleanup that failed (the sweep retries it). */
async function deleteInputsOfEndedJob(deps: Deps, jobId: string): Promise<void> {
  try {
    const job = await deps.store.collection<JobDocument>('jobs').read(jobId, jobId);
    if (!job || job.kind !== 'anonymous-decision') return;
    if (job.status !== 'Completed' && job.status !== 'Failed' && job.status !== 'Deleted') return;
    const input = anonymousJobInputSchema.safeParse(job.input);
    if (!input.success) return;
    await deleteBlobs(deps, inputFilesOf(input.data.files.map((file) => file.blobName)));
  } catch (error) {
    deps.log.error('Deleting the files of an ended anonymous decision job failed', { jobId, error });
  }
}
