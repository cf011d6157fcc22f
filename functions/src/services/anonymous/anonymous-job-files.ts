import type { Deps } from '../../deps.js';
import type { BlobContainer } from '../../ports/blobs.js';
import type { BaseDoc } from '../../ports/store.js';
import { textCacheName } from '../documents/load-document-text.js';
import { MAX_JOB_ATTEMPTS } from '../jobs/job-document.js';

/**
 * The record of which blobs an anonymous job owns, in the `tokens` collection.
 * The job document itself expires by ttl (and, in Cosmos, vanishes without a
 * word), and the blob services cannot be asked what is under a prefix through
 * our port; so this record, kept past the job, is what lets the expiry sweep
 * find and delete every file of a job whose document is already gone.
 */
export interface AnonymousJobFilesDocument extends BaseDoc {
  kind: 'anonymousJobFiles';
  jobId: string;
  createdAt: string;
  /** The uploaded PDFs, in the 'anonymous' container. */
  inputBlobs: string[];
}

/** A week: if the sweep cannot delete a job's files for that long, the storage lifecycle rule is the last word. */
const RECORD_TTL_SECONDS = 7 * 24 * 3600;

export function jobFilesRecordId(jobId: string): string {
  return `anonymous-job-${jobId}`;
}

export async function recordAnonymousJobFiles(
  deps: Pick<Deps, 'store'>,
  job: { jobId: string; createdAt: string; inputBlobs: string[] },
): Promise<void> {
  const id = jobFilesRecordId(job.jobId);
  await deps.store.collection<AnonymousJobFilesDocument>('tokens').upsert({
    id,
    pk: id,
    kind: 'anonymousJobFiles',
    ...job,
    ttl: RECORD_TTL_SECONDS,
  });
}

/**
 * The uploaded PDFs and the text read from them (the text cache holds their
 * words as much as the PDFs do). Not needed once the job has ended.
 */
export function inputFilesOf(inputBlobs: readonly string[]): { container: BlobContainer; name: string }[] {
  return inputBlobs.flatMap((blobName) => [
    { container: 'anonymous' as const, name: blobName },
    { container: 'text' as const, name: textCacheName({ container: 'anonymous', blobName }) },
  ]);
}

/** Every result blob a run of the job may have written (runJob names them by attempt). */
export function resultFilesOf(
  jobId: string,
  resultBlob: string | undefined,
): { container: BlobContainer; name: string }[] {
  const names = new Set(Array.from({ length: MAX_JOB_ATTEMPTS }, (_, index) => `${jobId}/attempt-${index + 1}.pdf`));
  if (resultBlob) names.add(resultBlob);
  return [...names].map((name) => ({ container: 'results' as const, name }));
}

/** Deletes the blobs; answers false (having logged why) when any could not be deleted. Missing blobs are fine. */
export async function deleteBlobs(
  deps: Pick<Deps, 'blobs' | 'log'>,
  blobs: readonly { container: BlobContainer; name: string }[],
): Promise<boolean> {
  const results = await Promise.allSettled(blobs.map(({ container, name }) => deps.blobs.delete(container, name)));
  let allGone = true;
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      allGone = false;
      deps.log.error('Deleting a file of an anonymous decision job failed', {
        blob: blobs[index],
        error: result.reason,
      });
    }
  });
  return allGone;
}
