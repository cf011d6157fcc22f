import type { JobKind } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { awaitAdmission, leaveBudgetLine } from '../model-budget/admit-job.js';
import type { JobDocument } from './job-document.js';
import type { JobEstimator } from './job-work.js';

/**
 * The budget admits a job once, before its first run: a retried run resumes from its checkpoints and its
 * calls are metered like every call; a job already stopped, running or ended leaves the line (startJobRun
 * then decides what its delivery does).
 */
export async function admitFirstRun(
  deps: Deps,
  jobId: string,
  kind: JobKind,
  estimate: JobEstimator,
  signal: AbortSignal,
): Promise<void> {
  const job = await deps.store.collection<JobDocument>('jobs').read(jobId, jobId);
  if (!job || job.kind !== kind) return;
  if (job.status !== 'Queued' || job.attempts > 0 || job.cancelRequested) {
    await leaveBudgetLine(deps, jobId);
    return;
  }
  await awaitAdmission(
    deps,
    {
      jobId,
      kind,
      estimate: async () => {
        try {
          return await estimate(job);
        } catch (error) {
          // The run will meet (and report) whatever made the estimate fail; meanwhile it counts as one window.
          deps.log.warn('Estimating a job’s tokens failed; counting one window of the budget', { jobId, error });
          return { tokens: deps.config.modelBudget.tokensPerWindow, requests: 1 };
        }
      },
    },
    signal,
  );
}
