import type { JobKind, JobProgress } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ModelUnavailableError } from '../../ports/model.js';
import type { BlobContainer } from '../../ports/blobs.js';
import type { ReceivedMessage } from '../../ports/queue.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { JOB_LEASE_MS, jobMessageSchema, MAX_JOB_ATTEMPTS, withoutEtag, type JobDocument } from './job-document.js';
import { failedMessage } from './job-messages.js';
import { JOB_STOPPED_MESSAGE, startJobRun } from './start-job-run.js';
import { awaitAdmission, leaveBudgetLine, releaseJobBudget } from '../model-budget/admit-job.js';
import { runWithJobCalls } from '../model-budget/job-calls.js';
import type { JobEstimate } from '../model-budget/estimate-tokens.js';
import { tagActiveSpan, tracingRecording } from '../../observability/tracing.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';

/** What a job's work produced: its result and notes for the user. */
export interface JobResult {
  /** What the job produced, written to the 'results' container; or, with `storedAt`, where it already is. */
  content: string | Buffer;
  /**
   * The result is a file the work already stored where it belongs (a case's decision PDF in
   * 'attachments'): the job records that place instead of writing a second copy to 'results'.
   */
  storedAt?: { container: BlobContainer; name: string };
  /** e.g. `text/markdown; charset=utf-8`. */
  contentType: string;
  /** File extension of the result blob (`md`, `pdf`). */
  extension: string;
  details: string[];
  /** Kept on the job record: the model's token usage and cost, passages flagged in the documents. */
  record?: Partial<Pick<JobDocument, 'usage' | 'injections' | 'aiProvenance'>>;
}

/**
 * A failure the user can act on (a file without text, a password): the job
 * fails at once with this message, without retries, as running it again
 * would fail the same way.
 */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

/**
 * A job's work. `progress` reports a countable step (scanned pages read by
 * OCR); the latest is written with the next renewal of the lease, every few
 * seconds, so reporting costs no writes of its own.
 */
export type JobWork = (
  job: Stored<JobDocument>,
  signal: AbortSignal,
  progress: (progress: JobProgress) => void,
) => Promise<JobResult>;

/** Estimates what a job will ask of the model before its first run (services/model-budget). */
export type JobEstimator = (job: Stored<JobDocument>) => Promise<JobEstimate>;

/** The attachment a job writes (a decision's PDF), when its input names one: an id for its span. */
function attachmentOf(job: Stored<JobDocument>): string | undefined {
  const input = job.input as { attachmentId?: unknown } | null | undefined;
  return typeof input?.attachmentId === 'string' ? input.attachmentId : undefined;
}

/**
 * Runs one delivery of a job's message: waits for the model's budget to admit a
 * job's first run (`estimate` given; model-budget/admit-job.ts: a job that may
 * not start yet stays Queued and its message is deferred), claims the job (startJobRun), keeps
 * its lease alive while `work` runs, and records how it ended, every write
 * conditional on the job being still this run's:
 *
 * - the result is written to 'results' first, then the job becomes Completed;
 * - a `JobFailure` makes it Failed with its message;
 * - any other error (the model service down, storage unreachable) sets it
 *   back to Queued and rethrows, so the queue delivers it again after its
 *   back-off, until MAX_JOB_ATTEMPTS runs; the last one makes it Failed;
 * - a shutdown of this worker (`signal`) sets it back to Queued without
 *   counting the run, and rethrows, so the queue hands it on.
 * (When even that write fails, the rethrown error still brings the message
 * back; startJobRun then waits for the lease this run leaves behind.)
 *
 * A run that has lost its lease to another (it stalled past the lease)
 * stops and writes nothing more: the other run owns the job.
 */
export async function runJob(
  deps: Deps,
  message: ReceivedMessage,
  signal: AbortSignal,
  kind: JobKind,
  work: JobWork,
  estimate?: JobEstimator,
): Promise<void> {
  const parsed = jobMessageSchema.safeParse({ jobId: message.jobId });
  if (!parsed.success) {
    deps.log.warn('Dropping a queue message whose job id is not a job id', { jobId: message.jobId, kind });
    return;
  }
  if (estimate) await admitFirstRun(deps, parsed.data.jobId, kind, estimate, signal);
  const job = await startJobRun(deps, parsed.data.jobId, kind, {
    redelivery: message.deliveryCount > 1,
    signal,
  });
  if (!job) return;
  // The delivery's span (observability/traced-ports.ts) names the case the job serves.
  tagActiveSpan({ caseId: job.disputeId, jobId: job.id, attachmentId: attachmentOf(job) });
  // The case's number too, which an operator is told by a party; one read, and only while spans are recorded.
  if (job.disputeId && tracingRecording()) {
    const dispute = await deps.store
      .collection<DisputeDocument>('disputes')
      .read(job.disputeId, job.disputeId)
      .catch(() => undefined);
    tagActiveSpan({ caseNumber: dispute?.caseNumber });
  }

  const log = deps.log.child({ jobId: job.id, kind, attempt: job.attempts });
  const lease = keepLease(deps, job, signal);
  let outcome: { result: JobResult } | { error: unknown };
  // The job's model calls are booked to its deployment and reconciled (services/model-budget/job-calls.ts);
  // what they have to tell (a failover) goes into the job's details.
  const calls = { jobId: job.id, notes: [] as string[] };
  try {
    outcome = { result: await runWithJobCalls(calls, () => work(job, lease.signal, lease.report)) };
  } catch (error) {
    outcome = { error };
  }
  const current = await lease.stop();
  if (lease.lost) {
    log.warn('A job run lost its lease to another run; dropping its outcome');
    return;
  }
  try {
    return await endRun();
  } finally {
    // Finished, failed for good or stopped: what it did not use of its booking goes back at once.
    const ended = await deps.store
      .collection<JobDocument>('jobs')
      .read(job.id, job.id)
      .catch(() => undefined);
    if (ended && (ended.status === 'Completed' || ended.status === 'Failed')) await releaseJobBudget(deps, job.id);
  }

  async function endRun(): Promise<void> {
    if ('result' in outcome && calls.notes.length > 0) {
      outcome = { result: { ...outcome.result, details: [...outcome.result.details, ...calls.notes] } };
    }

    if ('result' in outcome) {
      try {
        await completeJob(deps, current, outcome.result);
        log.info('Job completed');
        return;
      } catch (error) {
        // Storage failed under the finished work: handled like any other failure that may pass.
        outcome = { error };
      }
    }
    const { error } = outcome;
    if (lease.cancelled) {
      await finishJob(deps, current, { status: 'Failed', errorMessage: JOB_STOPPED_MESSAGE });
      log.info('Job stopped at the user’s request');
      return;
    }
    if (error instanceof JobFailure) {
      await finishJob(deps, current, { status: 'Failed', errorMessage: error.message, details: error.details });
      log.info('Job failed', { reason: error.message });
      return;
    }
    if (signal.aborted) {
      await releaseJob(deps, current, { countAttempt: false });
      log.info('Job handed back to the queue: the worker is stopping');
      throw error;
    }
    if (current.attempts >= MAX_JOB_ATTEMPTS) {
      log.error('Job failed on its last attempt', { error });
      await finishJob(deps, current, { status: 'Failed', errorMessage: `${failedMessage(kind)}: ${reasonOf(error)}` });
      return;
    }
    log.warn('Job run failed; it will be retried', { error });
    await releaseJob(deps, current, { countAttempt: true });
    throw error;
  }
}

/**
 * The budget admits a job once, before its first run: a retried run resumes from its checkpoints and its
 * calls are metered like every call; a job already stopped, running or ended leaves the line (startJobRun
 * then decides what its delivery does).
 */
async function admitFirstRun(
  deps: Deps,
  jobId: string,
  kind: JobKind,
  estimate: JobEstimator,
  signal: AbortSignal,
): Promise<void> {
  const job = await deps.store.collection<JobDocument>('jobs').read(jobId, jobId);
  if (!job || job.kind !== kind) return;
  if (job.status !== 'Queued' || job.attempts > 0 || job.cancelRequested) {
    await leaveBudgetLine(deps, jobId);
    return;
  }
  await awaitAdmission(
    deps,
    {
      jobId,
      kind,
      estimate: async () => {
        try {
          return await estimate(job);
        } catch (error) {
          // The run will meet (and report) whatever made the estimate fail; meanwhile it counts as one window.
          deps.log.warn('Estimating a job’s tokens failed; counting one window of the budget', { jobId, error });
          return { tokens: deps.config.modelBudget.tokensPerWindow, requests: 1 };
        }
      },
    },
    signal,
  );
}

function reasonOf(error: unknown): string {
  if (error instanceof ModelUnavailableError) {
    return 'the language model service could not be reached. Please try again later.';
  }
  return 'an unexpected error occurred. Please try again later.';
}

/** A progress report is written at once at most this often; the lease's renewal writes the latest anyway. */
const PROGRESS_WRITE_MS = 2_000;

/** How often a running job looks for a stop request. */
const CANCEL_POLL_MS = 2_000;

interface Lease {
  /** Aborts when the worker stops, the lease is lost, or a stop was requested. */
  signal: AbortSignal;
  /** Stops renewing; answers the job as last written by this run. */
  stop(): Promise<Stored<JobDocument>>;
  /** Keeps the run's latest progress for the next renewal to write. */
  report(progress: JobProgress): void;
  readonly lost: boolean;
  readonly cancelled: boolean;
}

/**
 * Renews the job's lease every third of its length while the work runs, as
 * the queue renews its message lock. A renewal that finds the job changed by
 * someone else looks at it: a stop request (`cancelRequested`) aborts the
 * work; a job taken over by another run (its lease ran out while this one
 * stalled) aborts it too and marks this run lost.
 */
function keepLease(deps: Pick<Deps, 'store' | 'clock' | 'log'>, job: Stored<JobDocument>, outer: AbortSignal): Lease {
  const jobs = deps.store.collection<JobDocument>('jobs');
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outer.reason);
  if (outer.aborted) onOuterAbort();
  else outer.addEventListener('abort', onOuterAbort, { once: true });

  let current = job;
  let lost = false;
  let cancelled = false;
  let renewing: Promise<void> | undefined;
  let progress: JobProgress | undefined;
  let progressWrittenAt = 0;

  const renew = async () => {
    const leaseUntil = new Date(deps.clock.now().getTime() + JOB_LEASE_MS).toISOString();
    const first = current;
    try {
      const result = await changeRecord(
        jobs,
        { pk: job.id, id: job.id },
        (now) => {
          // Someone else wrote the job: taken over by another run, or asked to stop.
          if (now !== first && (now.status !== 'Running' || now.attempts !== job.attempts)) lost = true;
          else if (now !== first && now.cancelRequested) cancelled = true;
          if (lost || cancelled) return undefined;
          // This run's progress only: an earlier run's (a retry) is dropped.
          const { progress: _earlier, ...rest } = withoutEtag(now);
          return { ...rest, leaseUntil, ...(progress ? { progress } : {}) };
        },
        { first },
      );
      if (result.outcome === 'missing') lost = true;
      else current = result.record;
    } catch (error) {
      deps.log.warn('Renewing a job lease failed; trying again at the next renewal', { jobId: job.id, error });
      return;
    }
    if (lost) controller.abort(new Error('The job was taken over by another run.'));
    else if (cancelled) controller.abort(new Error(JOB_STOPPED_MESSAGE));
  };
  // A report is written at once unless one was written in the last seconds; then a moment later, so the page
  // polling every second or two sees each stage (chapter 3 of 7) without a write per OCR page.
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const writeProgress = () => {
    if (controller.signal.aborted || trailing) return;
    const wait = progressWrittenAt + PROGRESS_WRITE_MS - Date.now();
    if (renewing || wait > 0) {
      trailing = setTimeout(
        () => {
          trailing = undefined;
          writeProgress();
        },
        Math.max(wait, 200),
      );
      trailing.unref();
      return;
    }
    progressWrittenAt = Date.now();
    renewing = renew().finally(() => {
      renewing = undefined;
    });
  };
  const timer = setInterval(
    () => {
      if (renewing || controller.signal.aborted) return;
      renewing = renew().finally(() => {
        renewing = undefined;
      });
    },
    Math.floor(JOB_LEASE_MS / 3),
  );
  timer.unref();
  // Stop Generating must take effect within seconds, not at the next renewal: a point read every few seconds.
  let watching: Promise<void> | undefined;
  const watch = setInterval(() => {
    if (watching || renewing || controller.signal.aborted) return;
    watching = jobs
      .read(job.id, job.id)
      .then((now) => {
        if (now?.cancelRequested && !controller.signal.aborted) {
          cancelled = true;
          controller.abort(new Error(JOB_STOPPED_MESSAGE));
        }
      })
      .catch((error: unknown) => deps.log.warn('Looking for a stop request failed', { jobId: job.id, error }))
      .finally(() => {
        watching = undefined;
      });
  }, CANCEL_POLL_MS);
  watch.unref();

  return {
    signal: controller.signal,
    get lost() {
      return lost;
    },
    get cancelled() {
      return cancelled;
    },
    report(next) {
      progress = next;
      writeProgress();
    },
    async stop() {
      clearInterval(timer);
      clearInterval(watch);
      clearTimeout(trailing);
      outer.removeEventListener('abort', onOuterAbort);
      await renewing;
      await watching;
      return current;
    },
  };
}

/**
 * Stores the result (unless the work stored it where it belongs), then marks the job Completed; a result
 * this function wrote whose job was taken over meanwhile is deleted again.
 */
async function completeJob(deps: Deps, job: Stored<JobDocument>, result: JobResult): Promise<void> {
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
async function finishJob(
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
async function releaseJob(
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
