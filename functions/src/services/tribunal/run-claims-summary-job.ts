import type { JobProgress, SideSummary } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import type { ReceivedMessage } from '../../ports/queue.js';
import type { Stored } from '../../ports/store.js';
import { recordAudit } from '../audit/record-audit.js';
import { caseFileBudget } from '../decisions/condense-case-file.js';
import { caseFileTokens } from '../decisions/estimate-decision-job.js';
import { changeDispute } from '../disputes/change-dispute.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import { announceClaimsExtracted } from '../decisions/decision-notices.js';
import type { JobDocument } from '../jobs/job-document.js';
import { JobFailure, runJob, type JobResult } from '../jobs/run-job.js';
import { estimateClaimsSummary, type JobEstimate } from '../model-budget/estimate-tokens.js';
import { claimsSummaryJobInputSchema, type ClaimsSummaryJobInput } from './claims-summary-job-input.js';
import { extractClaims } from './extract-claims.js';

/**
 * The 'claims-summary-jobs' queue worker: one delivery of a tribunal's request for the summary of the
 * parties' claims. A failed summary leaves nothing on the case to mirror (no attachment, no award): the job
 * is its only record, so the kind registers no hooks (jobs/job-kinds.ts) and the member asks again.
 */
export async function runClaimsSummaryJob(deps: Deps, message: ReceivedMessage, signal: AbortSignal): Promise<void> {
  await runJob(
    deps,
    message,
    signal,
    'claims-summary',
    (job, jobSignal, progress) => produceClaimsSummary(deps, job, jobSignal, progress),
    (job) => estimateClaimsSummaryJob(deps, claimsSummaryJobInputSchema.parse(job.input)),
  );
}

/** What the summary will ask of the model: one call per side on the case file a decision would read. */
export async function estimateClaimsSummaryJob(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log' | 'config'>,
  input: Pick<ClaimsSummaryJobInput, 'caseName' | 'claimant' | 'respondent' | 'groups' | 'settings'>,
): Promise<JobEstimate> {
  const caseTokens = await caseFileTokens(deps, input);
  return estimateClaimsSummary(caseTokens, caseFileBudget(deps.config.generation.contextTokens, input.settings));
}

/** The job's work: the extract, stored on the case as a new version of the summary (the answers start over). */
async function produceClaimsSummary(
  deps: Deps,
  job: Stored<JobDocument>,
  signal: AbortSignal,
  progress: (progress: JobProgress) => void,
): Promise<JobResult> {
  const input = claimsSummaryJobInputSchema.parse(job.input);
  const extract = await extractClaims(deps, input, signal, progress);
  signal.throwIfAborted();
  const extractedAt = deps.clock.now().toISOString();
  let version = 1;
  let summarized: DisputeDocument;
  try {
    summarized = await changeDispute(deps, input.disputeId, (current) => {
      version = (current.claimsSummary?.version ?? 0) + 1;
      const proposed = (text: string): SideSummary => ({ text, status: 'Proposed' });
      return {
        ...current,
        claimsSummary: {
          version,
          extractedAt,
          sides: { claimant: proposed(extract.claimant), respondent: proposed(extract.respondent) },
          comments: current.claimsSummary?.comments ?? [],
        },
      };
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw new JobFailure('The case no longer exists.');
    throw error;
  }
  await recordAudit(deps, {
    action: 'ExtractClaims',
    entityType: 'Dispute',
    entityId: input.disputeId,
    userId: input.requestedBy.userId,
    success: true,
    details: `Summary of the parties' claims version ${version} extracted; model ${extract.model}${extract.offline ? ' (offline extract)' : ''}`,
  });
  await announceClaimsExtracted(deps, summarized, version);
  return {
    content: `# Kantaja\n\n${extract.claimant}\n\n# Vastaaja\n\n${extract.respondent}\n`,
    contentType: 'text/markdown; charset=utf-8',
    extension: 'md',
    details: [
      `The summary of the parties' claims (version ${version}) is on the case for the parties to confirm.`,
      ...extract.details,
    ],
  };
}
