import { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { QueueName, ReceivedMessage } from '../../ports/queue.js';
import type { BaseDoc } from '../../ports/store.js';
import type { DisputeDocument } from '../disputes/dispute-document.js';
import type { DocumentSource } from './document-text.js';
import { documentOcr, DocumentUnreadableError, loadDocumentText } from './load-document-text.js';

/**
 * OCR at upload (OCR_AT_UPLOAD): every PDF uploaded to a case — a phase
 * attachment or a work file — gets one message on the 'ocr-files' queue, and
 * its worker reads the file (text layer, and OCR of its scanned pages within
 * a job's limits) into the text cache, so a claim or a decision drawn from it
 * later rarely waits for OCR. In Azure the queue is Service Bus and the
 * worker a Functions trigger, so the OCR runs on whichever instance takes the
 * message, not in the one that answered the upload; locally the in-process
 * queue keeps the messages in the store, so an upload's OCR survives a restart.
 *
 * Best effort by design: a failed send, a worker that keeps failing (retried,
 * then dead-lettered with a log line) or a message that expires only means
 * the job that reads the file OCRs it itself. Files of the public generator
 * are not queued: they live as long as their one job, which reads them.
 */
export const OCR_QUEUE = 'ocr-files' satisfies QueueName;

/** An uploaded case file, as an OCR message names it. */
export interface UploadedFileRef {
  container: 'attachments' | 'workfiles';
  disputeId: string;
  fileId: string;
}

const messageIdSchema = z
  .string()
  .transform((id) => id.split('.'))
  .pipe(z.tuple([z.enum(['attachments', 'workfiles']), z.uuid(), z.uuid()]))
  .transform(([container, disputeId, fileId]): UploadedFileRef => ({ container, disputeId, fileId }));

/**
 * The message id (and body) of a file's OCR: `<container>.<case id>.<file id>`.
 * The same file always gets the same id, so Service Bus' duplicate detection
 * (and the in-process queue, whose message id is its key) drops a second send.
 */
export function ocrMessageId(file: UploadedFileRef): string {
  return `${file.container}.${file.disputeId}.${file.fileId}`;
}

export function parseOcrMessageId(id: string): UploadedFileRef | undefined {
  const parsed = messageIdSchema.safeParse(id);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Queues the OCR of files just uploaded, one message each. Never throws: the
 * upload has succeeded whatever happens here, and a file whose message could
 * not be sent is read by the first job that needs it.
 */
export async function queueUploadOcr(
  deps: Pick<Deps, 'queue' | 'config' | 'log'>,
  files: readonly UploadedFileRef[],
): Promise<void> {
  if (!deps.config.ocr.atUpload) return;
  for (const file of files) {
    try {
      await deps.queue.send(OCR_QUEUE, { jobId: ocrMessageId(file) });
    } catch (error) {
      deps.log.warn('Queueing the OCR of an uploaded file failed; a job that reads it will OCR it', {
        disputeId: file.disputeId,
        fileId: file.fileId,
        error,
      });
    }
  }
}

/**
 * The 'ocr-files' worker: one delivery of a file's OCR message. Idempotent:
 * a file whose text is cached with every scanned page read costs one cache
 * read and no OCR, and two deliveries at once (on two instances) do not both
 * OCR it: the second waits for the first's lease (load-document-text.ts).
 *
 * A file deleted since (or a message naming none) is done with. A file that
 * cannot be read (damaged, password) is done with too: reading it again
 * would fail the same way, and the job that selects it names the file. Any
 * other failure (storage unreachable) throws, so the queue delivers the
 * message again after its back-off and dead-letters it at its limit.
 */
export async function runOcrUpload(
  deps: Pick<Deps, 'store' | 'blobs' | 'clock' | 'log' | 'config'>,
  message: ReceivedMessage,
  signal: AbortSignal,
): Promise<void> {
  const ref = parseOcrMessageId(message.jobId);
  if (!ref) {
    deps.log.warn('Dropping an OCR message that names no uploaded file', { messageId: message.jobId });
    return;
  }
  const log = deps.log.child({ ...ref, deliveryCount: message.deliveryCount });
  const file = await findUploadedFile(deps, ref);
  if (!file) {
    log.info('An uploaded file was deleted before its OCR; nothing to do');
    return;
  }
  const started = deps.clock.now().getTime();
  try {
    const text = await loadDocumentText(deps, file, documentOcr(deps.config.ocr, signal));
    log.info('Read an uploaded file ahead of any job', {
      pages: text.pages.length,
      ocrPages: text.ocrPages?.length ?? 0,
      unreadScannedPages: text.scannedPages.length,
      ms: deps.clock.now().getTime() - started,
    });
  } catch (error) {
    if (error instanceof DocumentUnreadableError) {
      log.info('An uploaded file cannot be read; the job that selects it will say so', { reason: error.message });
      return;
    }
    if (!signal.aborted) log.warn('Reading an uploaded file ahead failed; the queue will try again', { error });
    throw error;
  }
}

/** What this worker reads of a work file's record (files/work-file-document.ts owns the whole shape). */
interface WorkFileRecord extends BaseDoc {
  fileName: string;
  blobName: string;
}

/** The file a message names, as a document source, or undefined when it is no longer in the case. */
async function findUploadedFile(deps: Pick<Deps, 'store'>, ref: UploadedFileRef): Promise<DocumentSource | undefined> {
  if (ref.container === 'workfiles') {
    const file = await deps.store.collection<WorkFileRecord>('files').read(ref.disputeId, ref.fileId);
    return file && { fileId: file.id, fileName: file.fileName, container: 'workfiles', blobName: file.blobName };
  }
  const dispute = await deps.store.collection<DisputeDocument>('disputes').read(ref.disputeId, ref.disputeId);
  const attachment = dispute?.phases
    .flatMap((phase) => phase.attachments)
    .find((candidate) => candidate.id === ref.fileId);
  if (!attachment?.blobName) return undefined;
  return {
    fileId: attachment.id,
    fileName: attachment.fileName,
    container: 'attachments',
    blobName: attachment.blobName,
  };
}

/**
 * A dead-lettered OCR message (the queue gave up on it, or it expired): there
 * is no job to fail, only a line for the operator. The file is read by the
 * first claim or decision that needs it.
 */
export function logDeadLetteredOcr(
  deps: Pick<Deps, 'log'>,
  message: { messageId: unknown; reason?: string; description?: string },
): void {
  const ref = typeof message.messageId === 'string' ? parseOcrMessageId(message.messageId) : undefined;
  deps.log.error('OCR at upload gave up on a file; a job that reads it will OCR it itself', {
    ...(ref ?? { messageId: String(message.messageId) }),
    reason: message.reason,
    description: message.description,
  });
}
