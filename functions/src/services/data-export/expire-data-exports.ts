import { DATA_EXPORT_VALID_HOURS } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { JobDocument } from '../jobs/job-document.js';

const PAGE_SIZE = 100;

/**
 * Deletes the copies of people's data that have passed their validity (DATA_EXPORT_VALID_HOURS after they were
 * made) and were never fetched after it: the ZIP in 'results', then its job, so the next sweep does not find it
 * again. A copy fetched after expiry is deleted by the download route already (open-data-export.ts). Safe on two
 * instances at once: deleting what is gone is a no-op.
 */
export async function expireDataExports(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log'>,
  signal: AbortSignal,
): Promise<{ expired: number }> {
  const cutoff = new Date(deps.clock.now().getTime() - DATA_EXPORT_VALID_HOURS * 3600 * 1000).toISOString();
  const jobs = deps.store.collection<JobDocument>('jobs');
  let expired = 0;
  // Page after page until none is left: each deleted job leaves the query, so every page is the first.
  while (!signal.aborted) {
    const page = await jobs.query({
      where: [
        { field: 'kind', op: '=', value: 'data-export' },
        { field: 'status', op: 'in', value: ['Completed', 'Failed'] },
        { field: 'updatedAt', op: '<=', value: cutoff },
      ],
      limit: PAGE_SIZE,
    });
    if (page.items.length === 0) return { expired };
    for (const job of page.items) {
      if (signal.aborted) return { expired };
      if (job.resultBlob) await deps.blobs.delete(job.resultContainer ?? 'results', job.resultBlob);
      await jobs.delete(job.pk, job.id, { ifMatch: job._etag }).catch((error: unknown) => {
        deps.log.warn('An expired data export changed while it was deleted; the next sweep takes it', { error });
      });
      expired += 1;
    }
  }
  return { expired };
}
