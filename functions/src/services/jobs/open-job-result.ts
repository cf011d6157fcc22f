import { formatIsoDate, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { FileStream } from '../files/file-download.js';
import { type JobDocument } from './job-document.js';
import { readVisibleJob, type CallerLookup } from './read-visible-job.js';

/**
 * `GET /api/dispute/job/{id}/result`: the result of a Completed job, streamed
 * under the name docs/product.md section 7 gives it (`Claim_YYYY-MM-DD.md` for claims,
 * `decision.pdf` for decisions, the public generator's included). A job that
 * has not completed is a 409.
 */
export async function openJobResult(
  deps: Pick<Deps, 'store' | 'blobs'>,
  identify: CallerLookup,
  jobId: string,
): Promise<FileStream> {
  const job = await readVisibleJob(deps, identify, jobId);
  // A copy of a person's data has its own route, which holds it to its expiry (data-export/open-data-export.ts).
  if (job.kind === 'data-export') throw new NotFoundError(refusal('cases.jobNotFound'));
  if (job.status !== 'Completed' || !job.resultBlob) throw new ConflictError(refusal('cases.jobNotFinished'));
  const download = await deps.blobs.download(job.resultContainer ?? 'results', job.resultBlob);
  if (!download) throw new NotFoundError(refusal('cases.jobNotFound'));
  return {
    stream: download.stream,
    size: download.size,
    fileName: resultFileName(job),
    contentType: job.resultContentType ?? download.contentType,
  };
}

function resultFileName(job: JobDocument): string {
  if (job.kind === 'claim') return `Claim_${helsinkiDate(new Date(job.updatedAt))}.md`;
  if (job.kind === 'claims-summary') return `ClaimsSummary_${helsinkiDate(new Date(job.updatedAt))}.md`;
  return 'decision.pdf';
}

/** YYYY-MM-DD of the day in Finland when the job finished (docs/product.md section 7: dates are Helsinki time). */
export function helsinkiDate(at: Date): string {
  return formatIsoDate(at);
}
