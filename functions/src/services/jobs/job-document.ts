import { refusal } from '@ratkaisu/core';
import type { AiProvenance, DispositivePart, JobKind, JobProgress, JobStatus, JobStatusView } from '@ratkaisu/core';
import { z } from 'zod';
import type { BlobContainer } from '../../ports/blobs.js';
import type { BaseDoc, Stored } from '../../ports/store.js';

/** The answer for a job that does not exist or that the caller may not see. */
export const JOB_NOT_FOUND_MESSAGE = refusal('cases.jobNotFound').message;
export const JOB_NOT_FINISHED_MESSAGE = refusal('cases.jobNotFinished').message;

/**
 * How long a claim on a job lasts without renewal. A running worker renews it
 * every third of this, so only a worker that has died (or stalled this long)
 * loses its job. It must not be longer than the queue's own message lock
 * (in-process 60 s, Service Bus 60 s by default): when a worker dies, the
 * queue redelivers its message after the lock runs out, and by then the job's
 * lease must have run out too, or the redelivery would find the job still
 * claimed and leave it.
 */
export const JOB_LEASE_MS = 30_000;

/** Runs a job may start, counting ones cut short by a dying worker; the next failure is final. */
export const MAX_JOB_ATTEMPTS = 3;

/**
 * A generation job (docs/architecture.md rule 5), in the 'jobs' collection,
 * partitioned by its own id (the status and result routes name only the job).
 * Written before its message is queued; changed only with the etag it was read
 * with, so two workers never both run it.
 */
export interface JobDocument<Input = unknown> extends BaseDoc {
  kind: JobKind;
  status: JobStatus;
  /** The user who asked for it. */
  ownerId: string;
  /** The case it belongs to; absent for the anonymous generator. */
  disputeId?: string;
  /** The case's tenant, whose model usage the job counts to (administrators' overview). */
  tenantId?: string;
  /** Runs started so far. */
  attempts: number;
  /** While Running: until when the current run's claim holds (ISO time). */
  leaseUntil?: string;
  /** Stop Generating asked for it; the worker stops at its next look. */
  cancelRequested: boolean;
  /** Why it failed, for the user. */
  errorMessage?: string;
  /** Plain-language notes about the run (pages skipped, parameters refused). */
  details?: string[];
  /** When the current (or last) run started: the estimate counts from it. */
  startedAt?: string;
  /** Once Completed: seconds the successful run took, for the estimates of later jobs of its kind. */
  runSeconds?: number;
  /** While Running: the step the run last reported (written with the lease's renewal). */
  progress?: JobProgress;
  /** The result's name, once Completed: in 'results', or in `resultContainer` when the work stored it there. */
  resultBlob?: string;
  /** Where the result is when not in 'results' (a case's decision PDF stays once, in 'attachments'). */
  resultContainer?: BlobContainer;
  resultContentType?: string;
  /** What the worker needs, as the request gave it. */
  input: Input;
  /**
   * Work saved as it is finished (a decision's chapters): a retried or re-claimed run resumes from it.
   * Written conditionally on the job being still the run's (saveJobCheckpoint).
   */
  checkpoints?: JobChapterCheckpoint[];
  /** A large case's condensed dossier, saved once written, so a re-run does not condense it again. */
  dossier?: string;
  /** The model's tokens for the job (all its runs) and their estimated cost. */
  usage?: JobTokenUsage;
  /** Passages of the documents that address an AI or the tribunal, for the tribunal to review. */
  injections?: { code: string; page: number; excerpt: string }[];
  /** Once Completed with AI text: its Art. 50 provenance, as the result's marking states it (the status JSON's). */
  aiProvenance?: AiProvenance;
  createdAt: string;
  updatedAt: string;
}

export interface JobTokenUsage {
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
  estimatedCostEur?: number;
}

/** One finished chapter of a decision, as saved in its job. */
export interface JobChapterCheckpoint {
  /** 0-based. */
  index: number;
  heading: string;
  text: string;
  finishReason?: string;
  model?: string;
  generatedAt: string;
  usage?: Omit<JobTokenUsage, 'estimatedCostEur'>;
  /** Calls the chapter took (more than one: continued after the completion limit). */
  parts?: number;
  /** Chapter 6: the dispositive part read from its call. */
  dispositive?: DispositivePart;
  notes?: string[];
}

/** The queue message: the job id only; everything else is read from the job document. */
export const jobMessageSchema = z.object({ jobId: z.uuid() });

export function toJobStatusView(job: JobDocument): JobStatusView {
  return {
    jobId: job.id,
    status: job.status,
    ...(job.errorMessage ? { errorMessage: job.errorMessage } : {}),
    ...(job.details && job.details.length > 0 ? { details: job.details } : {}),
    ...(job.status === 'Running' && job.progress ? { progress: job.progress } : {}),
    ...(job.status === 'Completed' && job.aiProvenance ? { aiProvenance: job.aiProvenance } : {}),
  };
}

/** Drops the read-back etag before writing a document again. */
export function withoutEtag<T extends BaseDoc>(doc: Stored<T>): T {
  const { _etag: _ignored, ...rest } = doc;
  return rest as unknown as T;
}
