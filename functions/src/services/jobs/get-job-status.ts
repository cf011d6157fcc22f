import type { JobStatusView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { toJobStatusView } from './job-document.js';
import { readVisibleJob, type CallerLookup } from './read-visible-job.js';

/** `GET /api/dispute/job/{id}/status`: where a job is, and why it failed if it did. */
export async function getJobStatus(
  deps: Pick<Deps, 'store'>,
  identify: CallerLookup,
  jobId: string,
): Promise<JobStatusView> {
  return toJobStatusView(await readVisibleJob(deps, identify, jobId));
}
