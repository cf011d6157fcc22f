import type { Deps } from '../../deps.js';
import { StoreConflictError, StoreNotFoundError } from '../../ports/store.js';
import { leaveBudgetLine } from '../model-budget/admit-job.js';
import { withoutEtag, type JobDocument } from './job-document.js';

/**
 * Asks a job to stop (Stop Generating): sets `cancelRequested` on a job that
 * is still Queued or Running, conditionally on the version read. A running
 * worker sees it within seconds and aborts; a queued one never starts, and leaves the model budget's line.
 * Answers false when the job had already ended — a finished job is not changed.
 */
export async function requestJobStop(
  deps: Pick<Deps, 'store' | 'clock' | 'config' | 'model' | 'log'> & Partial<Pick<Deps, 'queue'>>,
  jobId: string,
): Promise<boolean> {
  const jobs = deps.store.collection<JobDocument>('jobs');
  for (let attempt = 1; attempt <= 5; attempt++) {
    const job = await jobs.read(jobId, jobId);
    if (!job || (job.status !== 'Queued' && job.status !== 'Running')) return false;
    if (job.cancelRequested) return true;
    try {
      await jobs.replace(
        { ...withoutEtag(job), cancelRequested: true, updatedAt: deps.clock.now().toISOString() },
        { ifMatch: job._etag },
      );
      // A job waiting for the model's budget gives up its place at once, so the line behind it moves up.
      if (job.status === 'Queued') {
        await leaveBudgetLine(deps, jobId).catch((error: unknown) =>
          deps.log.warn('Leaving the model budget’s line failed; the waiter expires', { jobId, error }),
        );
      }
      return true;
    } catch (error) {
      if (error instanceof StoreNotFoundError) return false;
      if (!(error instanceof StoreConflictError)) throw error;
    }
  }
  return false;
}
