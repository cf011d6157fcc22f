import type { JobStatusView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { jobQueuePlace } from '../model-budget/admit-job.js';
import { toJobStatusView } from './job-document.js';
import { readVisibleJob, type CallerLookup } from './read-visible-job.js';

/**
 * `GET /api/dispute/job/{id}/status`: where a job is, and why it failed if it did. A job waiting for the
 * model's budget also gets its place in line and the expected wait (`queue`), read from the shared budget.
 */
export async function getJobStatus(
  deps: Pick<Deps, 'store' | 'config' | 'clock' | 'model'>,
  identify: CallerLookup,
  jobId: string,
): Promise<JobStatusView> {
  const job = await readVisibleJob(deps, identify, jobId);
  const view = toJobStatusView(job);
  if (job.status !== 'Queued' || job.cancelRequested) return view;
  const queue = await jobQueuePlace(deps, job.id);
  return queue ? { ...view, queue } : view;
}
