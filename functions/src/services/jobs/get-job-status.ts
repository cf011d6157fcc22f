import type { JobStatusView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { jobQueuePlace } from '../model-budget/admit-job.js';
import { toJobStatusView } from './job-document.js';
import { remainingSeconds, typicalRunSeconds } from './job-estimate.js';
import { readVisibleJob, type CallerLookup } from './read-visible-job.js';

/**
 * `GET /api/dispute/job/{id}/status`: where a job is, the stage it reports, why it failed if it did, and
 * how long the rest is expected to take (from the measured durations of recent jobs of its kind). A job
 * waiting for the model's budget also gets its place in line and the expected wait (`queue`), read from
 * the shared budget.
 */
export async function getJobStatus(
  deps: Pick<Deps, 'store' | 'config' | 'clock' | 'model' | 'log'>,
  identify: CallerLookup,
  jobId: string,
): Promise<JobStatusView> {
  const job = await readVisibleJob(deps, identify, jobId);
  const view = toJobStatusView(job);
  if (job.status !== 'Queued' && job.status !== 'Running') return view;
  const now = deps.clock.now().getTime();
  const estimate = remainingSeconds(job, await typicalRunSeconds(deps, job.kind, now), now);
  const withEstimate = estimate === undefined ? view : { ...view, estimateSeconds: estimate };
  if (job.status !== 'Queued' || job.cancelRequested) return withEstimate;
  const queue = await jobQueuePlace(deps, job.id);
  return queue ? { ...withEstimate, queue } : withEstimate;
}
