import type { JobStatusView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { jobBudgetView } from '../model-budget/admit-job.js';
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
  const typical = remainingSeconds(job, await typicalRunSeconds(deps, job.kind, now), now);
  if (job.cancelRequested) return typical === undefined ? view : { ...view, estimateSeconds: typical };
  // The budget's schedule: a waiting job's place, a running job's wait for capacity, and when its booked tokens
  // are paid off — the rest cannot take less than that, and it moves only as the schedule does.
  const { queue, endsInSeconds } = await jobBudgetView(deps, job.id);
  // A running job whose next call waits for capacity cannot end before that wait is over either.
  const scheduled =
    job.status === 'Running'
      ? Math.max(endsInSeconds ?? 0, queue?.capacity ? queue.etaSeconds : 0) || undefined
      : undefined;
  const estimate =
    typical === undefined && scheduled === undefined ? undefined : Math.max(typical ?? 0, scheduled ?? 0);
  const withEstimate = estimate === undefined ? view : { ...view, estimateSeconds: estimate };
  const showQueue = queue && (job.status === 'Queued' ? !queue.capacity : queue.capacity === true);
  return showQueue ? { ...withEstimate, queue } : withEstimate;
}
