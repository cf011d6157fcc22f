import type { Deps } from '../../deps.js';
import { changeRecord } from '../../records/change-record.js';
import { leaveBudgetLine } from '../model-budget/admit-job.js';
import type { JobDocument } from './job-document.js';

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
  let wasQueued = false;
  const result = await changeRecord(
    deps.store.collection<JobDocument>('jobs'),
    { pk: jobId, id: jobId },
    (job) => {
      if (job.status !== 'Queued' && job.status !== 'Running') throw new JobEnded();
      if (job.cancelRequested) return undefined;
      wasQueued = job.status === 'Queued';
      return { ...job, cancelRequested: true, updatedAt: deps.clock.now().toISOString() };
    },
    { attempts: 5 },
  ).catch((error: unknown) => {
    if (error instanceof JobEnded) return { outcome: 'missing' as const };
    throw error;
  });
  if (result.outcome === 'missing') return false;
  // A job waiting for the model's budget gives up its place at once, so the line behind it moves up.
  if (result.outcome === 'written' && wasQueued) {
    await leaveBudgetLine(deps, jobId).catch((error: unknown) =>
      deps.log.warn('Leaving the model budget’s line failed; the waiter expires', { jobId, error }),
    );
  }
  return true;
}

/** The job had already ended: nothing to stop. */
class JobEnded extends Error {}
