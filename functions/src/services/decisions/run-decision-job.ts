import { DECISION_MESSAGES, TRIBUNAL_MESSAGES, type JobProgress } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ReceivedMessage } from '../../ports/queue.js';
import type { Stored } from '../../ports/store.js';
import type { JobDocument } from '../jobs/job-document.js';
import { decisionCheckpoints } from './decision-checkpoints.js';
import { JobFailure, runJob, type JobResult } from '../jobs/run-job.js';
import { decisionJobInputSchema, type DecisionJobInput } from './decision-job-input.js';
import { chapterHeading } from './decision-prompt.js';
import type { AwardDocument } from '../awards/award-document.js';
import { applyRegeneratedChapter } from '../awards/apply-regenerated-chapter.js';
import { recordAudit } from '../audit/record-audit.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { discardDecisionRecord, storeDecisionRecord } from '../awards/store-decision-record.js';
import type { ChapterCheckpoint } from './decision-draft.js';
import { draftDecision } from './draft-decision.js';
import { estimateDecisionJob } from './estimate-decision-job.js';
import { endDecision, markDecisionFailed } from './end-decision.js';
import { announceDecisionLanded } from './decision-notices.js';
import { documentHashes, modelDeployment, withAiUse } from '../ai-use/ai-use-details.js';

/**
 * The 'decision-jobs' queue worker: one delivery of a case decision's
 * message. However the run ends, a job that ended without a decision (failed,
 * stopped, out of attempts) is mirrored on the case's attachment, so the
 * decision card never shows Generating for a job that is over.
 */
export async function runDecisionJob(deps: Deps, message: ReceivedMessage, signal: AbortSignal): Promise<void> {
  try {
    await runJob(
      deps,
      message,
      signal,
      'decision',
      (job, jobSignal, progress) => produceCaseDecision(deps, job, jobSignal, progress),
      (job) => {
        const input = decisionJobInputSchema.parse(job.input);
        return estimateDecisionJob(deps, {
          caseName: input.caseName,
          claimant: input.claimant,
          respondent: input.respondent,
          groups: input.groups,
          settings: input.settings,
          ...(input.regenerate ? { regenerate: input.regenerate.chapter } : {}),
        });
      },
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
  // A chapter written again has no attachment of its own: its failure is the job's only.
  if (!parsed.success || parsed.data.regenerate) return;
  await markDecisionFailed(deps, parsed.data, job.errorMessage);
}

/**
 * Drafts the decision, keeps its record in 'awards' (chapters, settings, citation flags) and its PDF in the
 * frame, and ends the attachment — conditionally on its still being Generating, so a generation stopped
 * meanwhile leaves nothing behind. A tribunal's draft becomes Draft (the tribunal reviews it); an AI decision
 * Completed. Neither resolves the case: the tribunal's signatures or both parties' acceptance do.
 */
async function produceCaseDecision(
  deps: Deps,
  job: Stored<JobDocument>,
  signal: AbortSignal,
  progress: (progress: JobProgress) => void,
): Promise<JobResult> {
  const input = decisionJobInputSchema.parse(job.input);
  if (input.regenerate) return regenerateChapter(deps, job, input, input.regenerate, signal);
  // Only a claims summary queued as a decision job before it became its own kind (tribunal/) had no
  // attachment: it must not run as a whole draft the model is paid for and no case card shows.
  if (!input.attachmentId) throw new JobFailure('This job was queued by an earlier version. Please ask again.');
  const draft = await draftDecision(
    deps,
    {
      caseName: input.caseName,
      claimant: input.claimant,
      respondent: input.respondent,
      groups: input.groups,
      settings: input.settings,
      voice: input.kind === 'award' ? 'tribunal' : 'proposal',
      checkpoints: decisionCheckpoints(deps, job),
    },
    signal,
    progress,
  );
  signal.throwIfAborted();
  progress({ stage: 'rendering' });

  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(input.disputeId, input.disputeId);
  if (!dispute) throw new JobFailure('The case no longer exists.');
  const stored = await storeDecisionRecord(deps, { dispute, input, jobId: job.id, draft });
  let landed: boolean;
  try {
    landed = await endDecision(deps, input, {
      status: input.kind === 'award' ? 'Draft' : 'Completed',
      blobName: stored.blobName,
      size: stored.size,
      sha256: stored.sha256,
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
    details: withAiUse(
      `${input.kind === 'award' ? 'Tribunal draft' : 'AI decision'} ${input.attachmentId}; model ${draft.production.model}; ` +
        `settings sha256 ${input.settingsBy?.sha256 ?? 'unknown'}; pdf sha256 ${stored.sha256}; ` +
        `${draft.report.unverified.length}/${draft.report.checked} references flagged`,
      {
        event: 'generated',
        use: input.kind === 'award' ? 'award' : 'decision',
        outputId: input.attachmentId,
        model: draft.production.model,
        deployment: modelDeployment(deps.config.model),
        inputs: {
          documents: documentHashes(dispute, draft.documents),
          ...(input.settingsBy?.sha256 ? { settingsSha256: input.settingsBy.sha256 } : {}),
        },
        outputSha256: stored.sha256,
        references: { checked: draft.report.checked, flagged: draft.report.unverified.length },
      },
    ),
  });
  await announceDecisionLanded(deps, input.disputeId, input.attachmentId);
  return {
    content: stored.pdf,
    storedAt: { container: 'attachments', name: stored.blobName },
    contentType: 'application/pdf',
    extension: 'pdf',
    details: draft.details,
    record: { usage: draft.usage, ...(draft.injections.length > 0 ? { injections: draft.injections } : {}) },
  };
}

/**
 * One chapter of a tribunal's draft written again: the draft's current text of the other chapters goes to
 * the chapter graph as already written (so only this chapter is called, after the same prefix), with the
 * tribunal's instruction appended to its prompt; the result is a new version of the draft.
 */
async function regenerateChapter(
  deps: Deps,
  job: Stored<JobDocument>,
  input: DecisionJobInput,
  regenerate: NonNullable<DecisionJobInput['regenerate']>,
  signal: AbortSignal,
): Promise<JobResult> {
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(input.disputeId, input.disputeId);
  const award = dispute
    ? await deps.store.collection<AwardDocument>('awards').read(dispute.id, regenerate.awardId)
    : undefined;
  if (!dispute || !award) throw new JobFailure(TRIBUNAL_MESSAGES.awardNotFound);
  const now = deps.clock.now().toISOString();
  const fromDraft: ChapterCheckpoint[] = award.chapters
    .map((chapter, index) => ({
      index,
      heading: chapterHeading(input.settings.chapterPrompts[index] ?? '', index),
      text: chapter.text,
      generatedAt: now,
    }))
    .filter((chapter) => chapter.index !== regenerate.chapter);
  const ownSaved = (job.checkpoints ?? []).filter((chapter) => chapter.index === regenerate.chapter);
  const draft = await draftDecision(
    deps,
    {
      caseName: input.caseName,
      claimant: input.claimant,
      respondent: input.respondent,
      groups: input.groups,
      settings: input.settings,
      chapterInstruction: { index: regenerate.chapter, text: regenerate.instruction },
      checkpoints: decisionCheckpoints(deps, job, {
        saved: [...fromDraft, ...ownSaved],
        keep: (chapter) => chapter.index === regenerate.chapter,
      }),
    },
    signal,
  );
  signal.throwIfAborted();
  const written = draft.chapters[regenerate.chapter];
  if (!written) throw new JobFailure(TRIBUNAL_MESSAGES.noSuchChapter);
  const version = await applyRegeneratedChapter(deps, {
    dispute,
    awardId: award.id,
    chapter: regenerate.chapter,
    text: written.text,
    baseVersion: regenerate.baseVersion,
    requestedBy: regenerate.requestedBy,
    model: draft.production.model,
  });
  if (version === undefined) throw new JobFailure(TRIBUNAL_MESSAGES.regenerated);
  return {
    content: written.text,
    contentType: 'text/markdown; charset=utf-8',
    extension: 'md',
    details: [
      `Chapter ${regenerate.chapter + 1} was written again; the draft is now at version ${version}.`,
      ...draft.details,
    ],
    record: { usage: draft.usage },
  };
}
