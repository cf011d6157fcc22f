import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import type { JobDocument } from '../jobs/job-document.js';
import { deleteBlobs, inputFilesOf, resultFilesOf, type AnonymousJobFilesDocument } from './anonymous-job-files.js';
import { ANONYMOUS_RETENTION_SECONDS } from './anonymous-job-input.js';

/** Records read per page; a sweep goes on until none is left or the host stops it. */
const PAGE_SIZE = 100;

export interface ExpiryOutcome {
  /** Jobs whose files (and document) are now gone. */
  expired: number;
  /** Jobs left for the next sweep because a file could not be deleted. */
  failed: number;
}

/**
 * The public generator's jobs and files expire 24 hours after the request:
 * the uploaded PDFs and their cached text (normally gone already, when the
 * job ended), the decision PDF, the job document if the store has not purged
 * it by its ttl yet, and last the record that named them all, so a job whose
 * files could not all be deleted is found again by the next sweep.
 * Safe on two instances at once: every delete of something already gone is
 * a no-op.
 */
export async function expireAnonymousJobs(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  signal: AbortSignal,
): Promise<ExpiryOutcome> {
  const cutoff = new Date(deps.clock.now().getTime() - ANONYMOUS_RETENTION_SECONDS * 1000).toISOString();
  const records = deps.store.collection<AnonymousJobFilesDocument>('tokens');
  const outcome: ExpiryOutcome = { expired: 0, failed: 0 };
  let continuation: string | undefined;
  do {
    const page = await records.query({
      where: [
        { field: 'kind', op: '=', value: 'anonymousJobFiles' },
        { field: 'createdAt', op: '<=', value: cutoff },
      ],
      orderBy: { field: 'createdAt', direction: 'asc' },
      limit: PAGE_SIZE,
      ...(continuation ? { continuation } : {}),
    });
    for (const record of page.items) {
      if (signal.aborted) return outcome;
      if (await expireJob(deps, record)) outcome.expired += 1;
      else outcome.failed += 1;
    }
    continuation = page.continuation;
  } while (continuation && !signal.aborted);
  return outcome;
}

async function expireJob(
  deps: Pick<Deps, 'store' | 'blobs' | 'log'>,
  record: Stored<AnonymousJobFilesDocument>,
): Promise<boolean> {
  try {
    const jobs = deps.store.collection<JobDocument>('jobs');
    const job = await jobs.read(record.jobId, record.jobId);
    const gone = await deleteBlobs(deps, [
      ...inputFilesOf(record.inputBlobs),
      ...resultFilesOf(record.jobId, job?.resultBlob),
    ]);
    if (!gone) return false;
    if (job?.kind === 'anonymous-decision') await jobs.delete(record.jobId, record.jobId);
    await deps.store.collection<AnonymousJobFilesDocument>('tokens').delete(record.pk, record.id);
    return true;
  } catch (error) {
    deps.log.error('Expiring an anonymous decision job failed; the next sweep tries again', {
      jobId: record.jobId,
      error,
    });
    return false;
  }
}
