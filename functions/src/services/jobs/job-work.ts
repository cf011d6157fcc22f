import type { JobProgress } from '@ratkaisu/core';
import type { BlobContainer } from '../../ports/blobs.js';
import type { Stored } from '../../ports/store.js';
import type { JobEstimate } from '../model-budget/estimate-tokens.js';
import type { JobDocument } from './job-document.js';

/* What a job kind hands runJob (run-job.ts): its work, and what the work answers or throws. */

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
