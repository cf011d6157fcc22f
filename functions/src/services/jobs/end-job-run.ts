import type { Deps } from '../../deps.js';
import { ModelUnavailableError } from '../../ports/model.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { withoutEtag, type JobDocument } from './job-document.js';
import type { JobResult } from './job-work.js';

/* How a run ends on the job's record: completed with its result, failed, or handed back to the queue. */

/**
 * Stores the result (unless the work stored it where it belongs), then marks the job Completed; a result
 * this function wrote whose job was taken over meanwhile is deleted again.
 */
export async function completeJob(deps: Deps, job: Stored<JobDocument>, result: JobResult): Promise<void> {
  const blobName = result.storedAt?.name ?? `${job.id}/attempt-${job.attempts}.${result.extension}`;
  if (!result.storedAt) {
    await deps.blobs.upload('results', blobName, toBuffer(result.content), { contentType: result.contentType });
  }
  const runSeconds = job.startedAt
    ? Math.max(0, Math.round((deps.clock.now().getTime() - Date.parse(job.startedAt)) / 1000))
    : undefined;
  const written = await finishJob(deps, job, {
    status: 'Completed',
    ...(runSeconds !== undefined && Number.isFinite(runSeconds) ? { runSeconds } : {}),
    resultBlob: blobName,
    ...(result.storedAt ? { resultContainer: result.storedAt.container } : {}),
    resultContentType: result.contentType,
    details: result.details,
    ...result.record,
  });
  if (!written && !result.storedAt) {
    await deps.blobs.delete('results', blobName).catch((error: unknown) => {
      deps.log.error('Removing the result of a superseded job run failed', { jobId: job.id, blobName, error });
    });
  }
}

/**
 * Writes the end of this run, conditionally. When someone else wrote the job
 * meanwhile (a stop request), the end is written over their change as long as
 * the job is still this run's. Answers false when it is not.
 */
export async function finishJob(
  deps: Pick<Deps, 'store' | 'clock'>,
  job: Stored<JobDocument>,
  end: Pick<JobDocument, 'status'> &
    Partial<
      Pick<
        JobDocument,
        | 'errorMessage'
        | 'details'
        | 'resultBlob'
        | 'resultContainer'
        | 'resultContentType'
        | 'usage'
        | 'injections'
        | 'aiProvenance'
        | 'runSeconds'
      >
    >,
): Promise<boolean> {
  return writeIfStillOurs(deps, job, (current) => {
    const { leaseUntil: _lease, errorMessage: _error, details: _details, ...rest } = withoutEtag(current);
    const { details, ...fields } = end;
    return {
      ...rest,
      ...fields,
      ...(details && details.length > 0 ? { details } : {}),
      updatedAt: deps.clock.now().toISOString(),
    };
  });
}

/** Hands the job back to the queue's next delivery: Queued again, the run counted or (on shutdown) not. */
export async function releaseJob(
  deps: Pick<Deps, 'store' | 'clock'>,
  job: Stored<JobDocument>,
  options: { countAttempt: boolean },
): Promise<void> {
  await writeIfStillOurs(deps, job, (current) => {
    const { leaseUntil: _lease, ...rest } = withoutEtag(current);
    return {
      ...rest,
      status: 'Queued',
      attempts: options.countAttempt ? current.attempts : Math.max(0, current.attempts - 1),
      updatedAt: deps.clock.now().toISOString(),
    };
  });
}

async function writeIfStillOurs(
  deps: Pick<Deps, 'store'>,
  job: Stored<JobDocument>,
  change: (current: Stored<JobDocument>) => JobDocument,
): Promise<boolean> {
  const result = await changeRecord(
    deps.store.collection<JobDocument>('jobs'),
    { pk: job.id, id: job.id },
    (current) => (current.status !== 'Running' || current.attempts !== job.attempts ? undefined : change(current)),
    { first: job, attempts: 5, busy: () => new KeptChanging() },
  ).catch((error: unknown) => {
    if (error instanceof KeptChanging) return undefined;
    throw error;
  });
  return result?.outcome === 'written';
}

class KeptChanging extends Error {}

function toBuffer(content: string | Buffer): Buffer {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
}

export function reasonOf(error: unknown): string {
  if (error instanceof ModelUnavailableError) {
    return 'the language model service could not be reached. Please try again later.';
  }
  return 'an unexpected error occurred. Please try again later.';
}
