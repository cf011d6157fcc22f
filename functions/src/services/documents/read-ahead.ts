import type { Deps } from '../../deps.js';
import type { DocumentSource } from './document-text.js';
import { documentOcr, loadDocumentText } from './load-document-text.js';

/**
 * Reads uploaded PDFs ahead of any job (OCR_AT_UPLOAD): the text layer and
 * OCR of the scanned pages go into the text cache right after the upload is
 * answered, so a claim or a decision drawn from the files later rarely waits
 * for OCR. One file at a time, behind the uploads before it; each file gets
 * the OCR limits a job has (pages per file, seconds).
 *
 * Best effort and in this process: nothing waits for it and a failure is only
 * logged. A job that asks for a file still being read waits for that read
 * (loadDocumentText reads one file once at a time); one that finds pages
 * unread (this instance stopped first, a limit) reads them itself.
 */
export function readAhead(
  deps: Pick<Deps, 'blobs' | 'clock' | 'log' | 'config'>,
  files: readonly DocumentSource[],
): void {
  if (!deps.config.ocr.atUpload) return;
  for (const file of files) {
    queued++;
    chain = chain
      .then(() => loadDocumentText(deps, file, documentOcr(deps.config.ocr)))
      .then(
        () => undefined,
        (error: unknown) => deps.log.warn('Reading an uploaded PDF ahead failed', { fileId: file.fileId, error }),
      )
      .finally(() => {
        queued--;
      });
  }
}

let chain: Promise<void> = Promise.resolve();
let queued = 0;

/** Resolves once every file queued so far has been read (tests, benchmarks). */
export async function readAheadIdle(): Promise<void> {
  while (queued > 0) await chain;
}
