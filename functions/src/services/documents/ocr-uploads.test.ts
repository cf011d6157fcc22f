import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { truncatedPdf } from '../../../../tests/api/support/pdf-fixtures.js';
import { createSqliteStore } from '../../adapters/store/sqlite-store.js';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../log.js';
import { closePdfWorkers } from '../../pdf/pdf-worker-pool.js';
import type { Blobs } from '../../ports/blobs.js';
import { systemClock } from '../../ports/clock.js';
import type { Queue } from '../../ports/queue.js';
import type { Store } from '../../ports/store.js';
import type { WorkFileDocument } from '../files/work-file-document.js';
import {
  logDeadLetteredOcr,
  ocrMessageId,
  OCR_QUEUE,
  parseOcrMessageId,
  queueUploadOcr,
  runOcrUpload,
} from './ocr-uploads.js';

/** A logger that keeps its lines: what the operator would read. */
function recordingLogger() {
  const lines: { level: string; message: string; [field: string]: unknown }[] = [];
  const log = createLogger({ write: (line) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  return { log, lines };
}

const config = (atUpload: boolean) => loadConfig({ RATKAISU_ENV: 'test', OCR_AT_UPLOAD: String(atUpload) });

let store: Store;
beforeEach(() => {
  store = createSqliteStore({ file: ':memory:', clock: systemClock });
});
afterEach(async () => {
  await store.close();
});
afterAll(async () => {
  await closePdfWorkers();
});

describe('the OCR message of an uploaded file', () => {
  it('names the file by container, case and file id, and nothing else parses as one', () => {
    const ref = { container: 'workfiles' as const, disputeId: randomUUID(), fileId: randomUUID() };
    const id = ocrMessageId(ref);
    expect(id).toBe(`workfiles.${ref.disputeId}.${ref.fileId}`);
    expect(id.length).toBeLessThanOrEqual(128);
    expect(parseOcrMessageId(id)).toEqual(ref);
    for (const junk of [
      '',
      randomUUID(),
      `anonymous.${randomUUID()}.${randomUUID()}`,
      `attachments.x.${randomUUID()}`,
    ]) {
      expect(parseOcrMessageId(junk), junk).toBeUndefined();
    }
    expect(parseOcrMessageId(`${id}.extra`)).toBeUndefined();
  });

  it('is queued once per file when OCR_AT_UPLOAD is on, not at all when off; a failed send never fails the upload', async () => {
    const sent: string[] = [];
    const queue = {
      send: async (name: string, message: { jobId: string }) => {
        if (message.jobId.includes('00000000-0000-4000-8000-000000000000')) throw new Error('Service Bus is down');
        sent.push(`${name} ${message.jobId}`);
      },
    } as unknown as Queue;
    const { log, lines } = recordingLogger();
    const disputeId = randomUUID();
    const files = [
      { container: 'attachments' as const, disputeId, fileId: randomUUID() },
      { container: 'attachments' as const, disputeId, fileId: '00000000-0000-4000-8000-000000000000' },
      { container: 'workfiles' as const, disputeId, fileId: randomUUID() },
    ];
    await queueUploadOcr({ queue, config: config(false), log }, files);
    expect(sent).toEqual([]);

    await queueUploadOcr({ queue, config: config(true), log }, files);
    expect(sent).toEqual([`${OCR_QUEUE} ${ocrMessageId(files[0]!)}`, `${OCR_QUEUE} ${ocrMessageId(files[2]!)}`]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'Queueing the OCR of an uploaded file failed; a job that reads it will OCR it',
        fileId: files[1]!.fileId,
      }),
    ]);
  });
});

describe('the OCR worker', () => {
  async function workFile(blobName: string) {
    const disputeId = randomUUID();
    const document: WorkFileDocument = {
      id: randomUUID(),
      pk: disputeId,
      disputeId,
      side: 'claimant',
      fileName: 'Kuitti.pdf',
      blobName,
      size: 1,
      dateCreated: new Date().toISOString(),
      uploadedBy: 'u1',
    };
    await store.collection<WorkFileDocument>('files').create(document);
    return { container: 'workfiles' as const, disputeId, fileId: document.id };
  }

  it('throws when storage fails, so the queue delivers the message again (and dead-letters it at its limit)', async () => {
    const ref = await workFile('case/receipt');
    const blobs = {
      downloadBuffer: async () => {
        throw new Error('Blob Storage unreachable');
      },
    } as unknown as Blobs;
    const { log, lines } = recordingLogger();
    const deps = { store, blobs, clock: systemClock, log, config: config(true) };
    await expect(
      runOcrUpload(deps, { jobId: ocrMessageId(ref), deliveryCount: 2 }, new AbortController().signal),
    ).rejects.toThrow('Blob Storage unreachable');
    expect(lines.at(-1)).toMatchObject({
      level: 'warn',
      message: 'Reading an uploaded file ahead failed; the queue will try again',
      deliveryCount: 2,
      fileId: ref.fileId,
    });

    logDeadLetteredOcr(deps, { messageId: ocrMessageId(ref), reason: 'MaxDeliveryCountExceeded' });
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      message: 'OCR at upload gave up on a file; a job that reads it will OCR it itself',
      ...ref,
      reason: 'MaxDeliveryCountExceeded',
    });
  });

  it('is done with a file that cannot be read (reading it again would fail alike) and with a message naming none', async () => {
    const ref = await workFile('case/broken');
    const broken = await truncatedPdf();
    const blobs = {
      downloadBuffer: async (container: string) => (container === 'workfiles' ? Buffer.from(broken) : undefined),
      upload: async () => ({}),
    } as unknown as Blobs;
    const { log, lines } = recordingLogger();
    const deps = { store, blobs, clock: systemClock, log, config: config(true) };
    await runOcrUpload(deps, { jobId: ocrMessageId(ref), deliveryCount: 1 }, new AbortController().signal);
    expect(lines.at(-1)).toMatchObject({
      level: 'info',
      message: 'An uploaded file cannot be read; the job that selects it will say so',
    });
    await runOcrUpload(deps, { jobId: 'not-a-file', deliveryCount: 1 }, new AbortController().signal);
    expect(lines.at(-1)).toMatchObject({
      level: 'warn',
      message: 'Dropping an OCR message that names no uploaded file',
    });
  });
});
