import type { InvocationContext } from '@azure/functions';
import type { Deps } from './deps.js';
import type { QueueName, ReceivedMessage } from './ports/queue.js';
import { runAnonymousDecisionJob } from './services/anonymous/run-anonymous-decision-job.js';
import { runClaimJob } from './services/claims/run-claim-job.js';
// The decision kind's hooks (jobs/job-kinds.ts): what a decision job failed outside its worker changes on its case.
import './services/decisions/decision-job-kind.js';
import { runDecisionJob } from './services/decisions/run-decision-job.js';
import { OCR_QUEUE, runOcrUpload } from './services/documents/ocr-uploads.js';
import { runClaimsSummaryJob } from './services/tribunal/run-claims-summary-job.js';
import { runDataExportJob } from './services/data-export/run-data-export-job.js';

/**
 * Every queue worker, once — the queue-side twin of routes.ts. index.ts
 * registers each with `app.serviceBusQueue`; the local host consumes the same
 * queues in-process.
 */
export interface WorkerDefinition {
  name: string;
  queue: QueueName;
  /** How many messages one instance handles at once. */
  concurrency: number;
  handler: (deps: Deps, message: ReceivedMessage, signal: AbortSignal, context: InvocationContext) => Promise<void>;
}

export const workers: readonly WorkerDefinition[] = [
  // Two at a time: a draft mostly waits on the model; PDF text is read one file at a time by the PDF pool anyway.
  {
    name: 'claimWorker',
    queue: 'claim-jobs',
    concurrency: 2,
    handler: (deps, message, signal) => runClaimJob(deps, message, signal),
  },
  // Two at a time: a decision mostly waits on the model, and its calls are bounded by MODEL_CONCURRENCY each.
  {
    name: 'decisionWorker',
    queue: 'decision-jobs',
    concurrency: 2,
    handler: (deps, message, signal) => runDecisionJob(deps, message, signal),
  },
  // The tribunal's summary of the parties' claims: its own kind on its own queue (docs/decisions.md), like every
  // kind (records/job-queues.ts maps a kind to one queue, and dead-lettering finds the kind by its queue), so
  // the decision worker does not dispatch on input. Two at a time: two model calls each, mostly waiting.
  {
    name: 'claimsSummaryWorker',
    queue: 'claims-summary-jobs',
    concurrency: 2,
    handler: (deps, message, signal) => runClaimsSummaryJob(deps, message, signal),
  },
  // One at a time: the public generator must not crowd out the decisions of real cases on the same instance.
  {
    name: 'anonymousDecisionWorker',
    queue: 'anonymous-decision-jobs',
    concurrency: 1,
    handler: (deps, message, signal) => runAnonymousDecisionJob(deps, message, signal),
  },
  // One at a time: a copy of a person's data streams file after file into one ZIP; it waits on storage, not the model.
  {
    name: 'dataExportWorker',
    queue: 'data-export-jobs',
    concurrency: 1,
    handler: (deps, message, signal) => runDataExportJob(deps, message, signal),
  },
  // One at a time: the OCR engine reads one page at a time per instance anyway, and a second file at once would
  // only hold a second PDF in memory. Uploads' OCR, ahead of the jobs that will read the files.
  {
    name: 'ocrWorker',
    queue: OCR_QUEUE,
    concurrency: 1,
    handler: (deps, message, signal) => runOcrUpload(deps, message, signal),
  },
];
