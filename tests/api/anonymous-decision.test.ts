import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  ANONYMOUS_DECISION_MESSAGES,
  defaultDecisionSettings,
  MAX_ANONYMOUS_TOTAL_BYTES,
  withinUploadLimit,
  type JobStatusView,
} from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlobContainer } from '../../functions/src/ports/blobs.js';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { CompletionRequest } from '../../functions/src/ports/model.js';
import {
  jobFilesRecordId,
  type AnonymousJobFilesDocument,
} from '../../functions/src/services/anonymous/anonymous-job-files.js';
import { expireAnonymousJobs } from '../../functions/src/services/anonymous/expire-anonymous-jobs.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { textCacheName } from '../../functions/src/services/documents/load-document-text.js';
import type { JobDocument } from '../../functions/src/services/jobs/job-document.js';
import { apiClient, uploadForm, type UploadFile } from './support/api-client.js';
import { CONTRACT_PAGES, makeFinnishPdf, NOTICE_PAGES } from './support/finnish-pdf.js';
import { makePdf, notPdf } from './support/pdf-fixtures.js';
import { seedSignedInUser } from './support/seed-user.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The public decision generator through the real local host: the upload
 * (PDF by content, 20 MB in all, refused before it is all read), settings,
 * the per-address hourly limit, the job followed and its PDF downloaded
 * without signing in (while every other job still needs its reader), and the
 * 24-hour expiry of jobs and files.
 */

const MB = 1024 * 1024;
const PATH = '/api/dispute/generatedecisionanonymous';
const HOUR = 3600 * 1000;
const START = Date.parse('2026-03-02T09:00:00.000Z');

let now = START;
const clock: Clock = { now: () => new Date(now) };
let contractPdf: Uint8Array<ArrayBuffer>;
let noticePdf: Uint8Array<ArrayBuffer>;
/** Two PDFs of text that together come within 512 KB of the 20 MB limit. */
let nearLimit: [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>];

beforeAll(async () => {
  [contractPdf, noticePdf] = await Promise.all([
    makeFinnishPdf([...CONTRACT_PAGES]),
    makeFinnishPdf([...NOTICE_PAGES]),
  ]);
  const padTo = MAX_ANONYMOUS_TOTAL_BYTES / 2 - 64 * 1024;
  const [first, second] = await Promise.all([makePdf({ padTo }), makePdf({ padTo })]);
  nearLimit = [first, second];
});
const host = useTestHost({}, { clock });

/** A real PDF of exactly `size` bytes: padded near it by pdf-lib, then with line ends after %%EOF (which readers skip). */
async function pdfOfExactly(size: number): Promise<Uint8Array<ArrayBuffer>> {
  const near = await makePdf({ padTo: size - 16 * 1024 });
  expect(near.length).toBeLessThan(size);
  const bytes = new Uint8Array(size);
  bytes.set(near);
  bytes.fill(0x0a, near.length);
  return bytes;
}

const api = apiClient(() => host, clock);
const { json, eventually, expectNoBlobs } = api;

function form(files: UploadFile[], settings?: string): FormData {
  return uploadForm(files, { field: 'files', fields: settings === undefined ? {} : { settings } });
}

function generate(files: UploadFile[], settings?: string, headers: Record<string, string> = {}) {
  return host.fetch(PATH, { method: 'POST', body: form(files, settings), headers });
}

async function start(files: UploadFile[], settings?: string): Promise<string> {
  const body = await json<{ jobId: string; data: { jobId: string } }>(await generate(files, settings), 202);
  expect(body).toEqual({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/), data: { jobId: body.jobId } });
  return body.jobId;
}

const status = (jobId: string, token?: string) => api.call('GET', `/api/dispute/job/${jobId}/status`, token);
const result = (jobId: string, token?: string) => api.call('GET', `/api/dispute/job/${jobId}/result`, token);

/** Polls the status route, signed out, until the job has finished. */
const finished = (jobId: string) => api.finished(jobId, undefined, { timeoutMs: 120_000 });

const jobs = () => host.deps.store.collection<JobDocument>('jobs');
const exists = async (container: BlobContainer, name: string) =>
  (await host.deps.blobs.properties(container, name)) !== undefined;

/** Records the uploaded files written while `action` runs (workers of earlier jobs may write text and results). */
const blobsWrittenDuring = (action: () => Promise<void>) => api.blobsWrittenDuring(action, { container: 'anonymous' });

interface StreamedAnswer {
  status: number;
  body: string;
  /** Body bytes handed to the socket when the answer arrived. */
  sentWhenAnswered: number;
  total: number;
}

/**
 * Sends one PDF-looking file part of `fileBytes` bytes, declared with a
 * Content-Length or chunked, writing only as fast as the host reads, and
 * stops writing as soon as the host answers.
 */
function streamUpload(fileBytes: number, options: { declared: boolean }): Promise<StreamedAnswer> {
  const boundary = `----ratkaisu-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(256 * 1024, 0x41);
  const total = head.length + fileBytes + tail.length;
  return new Promise((resolve, reject) => {
    let answered = false;
    let sent = 0;
    let wake: (() => void) | undefined;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        path: PATH,
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(options.declared ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }),
        },
      },
      (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        wake?.();
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered, total });
        });
      },
    );
    // The host may close the connection while the rest of the body is still on its way.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const write = async () => {
      const chunks = function* () {
        yield head;
        for (let left = fileBytes; left > 0; left -= filler.length)
          yield filler.subarray(0, Math.min(left, filler.length));
        yield tail;
      };
      for (const chunk of chunks()) {
        if (answered) return;
        sent += chunk.length;
        if (!req.write(chunk)) {
          await new Promise<void>((resume) => {
            wake = resume;
            req.once('drain', resume);
          });
        }
      }
      if (!answered) req.end();
    };
    write().catch(reject);
  });
}

describe('the anonymous decision generator', () => {
  it('drafts a decision from uploaded PDFs that anyone with the job id can follow and download, without signing in', async () => {
    const written: { container: BlobContainer; name: string }[] = [];
    let jobId = '';
    written.push(
      ...(await blobsWrittenDuring(async () => {
        jobId = await start([
          { name: 'Kauppasopimus.pdf', bytes: contractPdf },
          { name: 'Reklamaatio.pdf', bytes: noticePdf, type: 'application/octet-stream' },
        ]);
      })),
    );
    expect(written).toEqual([
      { container: 'anonymous', name: `${jobId}/1.pdf` },
      { container: 'anonymous', name: `${jobId}/2.pdf` },
    ]);

    const job = (await jobs().read(jobId, jobId))!;
    expect(job).toMatchObject({
      kind: 'anonymous-decision',
      ownerId: 'anonymous',
      ttl: 24 * 3600,
      input: {
        files: [
          { fileId: '1', fileName: 'Kauppasopimus.pdf', container: 'anonymous', blobName: `${jobId}/1.pdf` },
          { fileId: '2', fileName: 'Reklamaatio.pdf', container: 'anonymous', blobName: `${jobId}/2.pdf` },
        ],
        settings: defaultDecisionSettings(),
      },
    });
    expect(job.disputeId).toBeUndefined();

    const view = await finished(jobId);
    expect(view).toMatchObject({ jobId, status: 'Completed' });

    const response = await result(jobId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="decision\.pdf"/);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);

    // Once the job has ended, the uploaded files and the text read from them are deleted; the decision stays.
    await eventually(async () => !(await exists('anonymous', `${jobId}/1.pdf`)), 'the inputs are deleted');
    for (const name of [`${jobId}/1.pdf`, `${jobId}/2.pdf`]) {
      expect(await exists('anonymous', name)).toBe(false);
      expect(await exists('text', textCacheName({ container: 'anonymous', blobName: name }))).toBe(false);
    }
    expect((await result(jobId)).status).toBe(200);

    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [{ field: 'entityId', op: '=', value: jobId }],
    });
    // The request, and the generation in the AI-use log (EU AI Act Art. 12): inputs and output by hash only.
    expect(audit.items).toEqual([
      expect.objectContaining({
        action: 'GenerateAnonymousDecision',
        success: true,
        ipAddress: '127.0.0.1',
        details: `Anonymous decision from 2 file(s), ${contractPdf.length + noticePdf.length} bytes`,
      }),
      expect.objectContaining({ action: 'DecisionDrafted', success: true, entityType: 'AnonymousDecisionJob' }),
    ]);
    expect(JSON.stringify(audit.items)).not.toContain('Kauppasopimus');
  });

  it('uses the settings sent as a JSON string, and refuses settings that are not JSON or not valid', async () => {
    const settings = { ...defaultDecisionSettings(), temperature: 0.3, top_p: 0.9 };
    const jobId = await start([{ name: 'Sopimus.pdf', bytes: contractPdf }], JSON.stringify(settings));
    expect((await jobs().read(jobId, jobId))!.input).toMatchObject({ settings: { temperature: 0.3, top_p: 0.9 } });

    const written = await blobsWrittenDuring(async () => {
      expect(await json(await generate([{ name: 'a.pdf', bytes: contractPdf }], '{"temperature": 0.3'), 400)).toEqual({
        code: 'bad_request',
        reason: 'uploads.anonymousSettingsNotJson',
        params: {},
        message: 'The settings are not valid JSON.',
      });
      const tooHot = JSON.stringify({ ...defaultDecisionSettings(), temperature: 2 });
      expect(await json(await generate([{ name: 'a.pdf', bytes: contractPdf }], tooHot), 400)).toMatchObject({
        code: 'validation_failed',
        message: 'temperature must be between 0 and 1.',
        fields: { 'settings.temperature': 'temperature must be between 0 and 1.' },
      });
    });
    // The files of a refused request are not kept.
    expect(written).toHaveLength(2);
    await expectNoBlobs(written);
  });

  it('refuses a renamed non-PDF with the upload text, naming it, and keeps none of the files', async () => {
    const written = await blobsWrittenDuring(async () => {
      expect(
        await json(
          await generate([
            { name: 'Sopimus.pdf', bytes: contractPdf },
            { name: 'letter.pdf', bytes: notPdf() },
          ]),
          400,
        ),
      ).toEqual({
        code: 'not_pdf',
        reason: 'uploads.onlyPdf',
        params: {},
        message: 'Only PDF files are allowed',
        fields: { file: 'letter.pdf' },
      });
    });
    await expectNoBlobs(written);
  });

  it('asks for at least one file', async () => {
    expect(await json(await generate([], JSON.stringify(defaultDecisionSettings())), 400)).toEqual({
      code: 'bad_request',
      reason: 'uploads.anonymousNoFiles',
      params: {},
      message: ANONYMOUS_DECISION_MESSAGES.noFiles,
    });
    const notMultipart = await host.fetch(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await json(notMultipart, 415)).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('refuses more than 20 MB in all, declared or streamed, with its message once the body is in, and keeps nothing', async () => {
    const overLimit = 21 * MB;
    const declared = await streamUpload(overLimit, { declared: true });
    expect(declared.status, declared.body).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({
      code: 'payload_too_large',
      reason: 'uploads.anonymousTooLarge',
      params: {},
      message: ANONYMOUS_DECISION_MESSAGES.tooLarge,
    });
    // Refused on its Content-Length, but answered only when the client had sent it all: a browser still sending
    // when the connection closes shows "Failed to fetch" instead of the message.
    expect(declared.sentWhenAnswered).toBe(declared.total);

    let streamed: StreamedAnswer | undefined;
    const written = await blobsWrittenDuring(async () => {
      streamed = await streamUpload(48 * MB, { declared: false });
    });
    expect(streamed!.status, streamed!.body).toBe(413);
    expect(JSON.parse(streamed!.body)).toEqual({
      code: 'payload_too_large',
      reason: 'uploads.anonymousTooLarge',
      params: {},
      message: ANONYMOUS_DECISION_MESSAGES.tooLarge,
    });
    expect(streamed!.sentWhenAnswered).toBe(streamed!.total);
    // Storing stopped once the file passed 20 MB; the rest was read and thrown away.
    expect(written).toHaveLength(1);
    await expectNoBlobs(written);
  });

  it('stops reading a refused body past twice the upload limit and closes the connection', async () => {
    const allowance = 2 * host.deps.config.limits.maxUploadBytes;
    const outcome = await streamUpload(allowance + 32 * MB, { declared: false }).then(
      (answer) => ({ answer, sent: answer.sentWhenAnswered, total: answer.total }),
      (error: NodeJS.ErrnoException) => ({ error, sent: undefined, total: undefined }),
    );
    if ('error' in outcome) {
      // The host closed the connection while the client was still writing: the client may see the reset first.
      expect(outcome.error.code).toMatch(/ECONNRESET|EPIPE/);
    } else {
      expect(outcome.answer.status).toBe(413);
      // What the client had written when the answer came: the host's reading plus what socket buffers hold.
      expect(outcome.sent).toBeLessThan(outcome.total - 16 * MB);
    }
  });

  it('takes a single PDF of exactly 20,971,520 bytes and refuses one byte more, as the browser counts', async () => {
    const exact = await pdfOfExactly(MAX_ANONYMOUS_TOTAL_BYTES);
    expect(exact.length).toBe(MAX_ANONYMOUS_TOTAL_BYTES);
    expect(withinUploadLimit(exact.length)).toBe(true);
    await start([{ name: 'exactly-20-mb.pdf', bytes: exact }]);

    const over = await pdfOfExactly(MAX_ANONYMOUS_TOTAL_BYTES + 1);
    expect(withinUploadLimit(over.length)).toBe(false);
    expect(await json(await generate([{ name: 'one-byte-more.pdf', bytes: over }]), 413)).toEqual({
      code: 'payload_too_large',
      reason: 'uploads.anonymousTooLarge',
      params: {},
      message: ANONYMOUS_DECISION_MESSAGES.tooLarge,
    });
  });

  it('takes PDFs up to 20 MB in all', async () => {
    const [first, second] = nearLimit;
    expect(first.length + second.length).toBeLessThanOrEqual(MAX_ANONYMOUS_TOTAL_BYTES);
    expect(first.length + second.length).toBeGreaterThan(MAX_ANONYMOUS_TOTAL_BYTES - 512 * 1024);
    const jobId = await start([
      { name: 'one.pdf', bytes: first },
      { name: 'two.pdf', bytes: second },
    ]);
    // Every byte arrived: the audit entry counts them.
    const audit = await host.deps.store.collection<AuditDocument>('audit').query({
      where: [
        { field: 'entityId', op: '=', value: jobId },
        { field: 'action', op: '=', value: 'GenerateAnonymousDecision' },
      ],
    });
    expect(audit.items[0]?.details).toBe(`Anonymous decision from 2 file(s), ${first.length + second.length} bytes`);
  });

  it('keeps every other job to its readers: signed out is a 401, whether or not the job exists', async () => {
    const owner = await seedSignedInUser(host, clock, { email: `owner-${randomUUID().slice(0, 8)}@example.fi` });
    const stranger = await seedSignedInUser(host, clock, { email: `stranger-${randomUUID().slice(0, 8)}@example.fi` });
    const claimJobId = randomUUID();
    await jobs().create({
      id: claimJobId,
      pk: claimJobId,
      kind: 'claim',
      status: 'Completed',
      ownerId: owner.user.id,
      attempts: 1,
      cancelRequested: false,
      input: {},
      resultBlob: `${claimJobId}/attempt-1.md`,
      resultContentType: 'text/markdown; charset=utf-8',
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
    });
    await host.deps.blobs.upload('results', `${claimJobId}/attempt-1.md`, Buffer.from('# Vaatimus'), {
      contentType: 'text/markdown; charset=utf-8',
    });

    for (const id of [claimJobId, randomUUID()]) {
      expect(await json(await status(id), 401)).toMatchObject({ code: 'unauthorized' });
      expect(await json(await result(id), 401)).toMatchObject({ code: 'unauthorized' });
    }
    expect(await json(await status(claimJobId, 'not-a-session'), 401)).toMatchObject({ code: 'unauthorized' });
    expect(await json(await status(claimJobId, stranger.token), 404)).toEqual({
      code: 'not_found',
      reason: 'cases.jobNotFound',
      params: {},
      message: 'Job not found.',
    });
    expect((await json<JobStatusView>(await status(claimJobId, owner.token), 200)).status).toBe('Completed');
    expect(await (await result(claimJobId, owner.token)).text()).toBe('# Vaatimus');
  });
});

describe('the hourly limit per address, and expiry', () => {
  it('takes five decisions an hour from one address, then answers 429 with Retry-After until the hour turns', async () => {
    now = START + 10 * HOUR + 20 * 60 * 1000;
    // Refused uploads do not use up the hour.
    expect((await generate([{ name: 'letter.pdf', bytes: notPdf() }])).status).toBe(400);
    const started: string[] = [];
    for (let count = 1; count <= 5; count++)
      started.push(await start([{ name: `liite-${count}.pdf`, bytes: contractPdf }]));

    const refused = await generate([{ name: 'liite-6.pdf', bytes: contractPdf }]);
    expect(refused.headers.get('retry-after')).toBe(String(40 * 60));
    expect(await json(refused, 429)).toEqual({
      code: 'too_many_requests',
      reason: 'uploads.anonymousRateLimited',
      params: {},
      message: ANONYMOUS_DECISION_MESSAGES.rateLimited,
    });
    // A forged X-Forwarded-For does not make another address: the host appends the one it saw.
    const forged = await generate([{ name: 'liite-6.pdf', bytes: contractPdf }], undefined, {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(forged.status).toBe(429);
    for (const jobId of started) expect(await finished(jobId)).toMatchObject({ status: 'Completed' });

    now = START + 11 * HOUR;
    expect(await finished(await start([{ name: 'seuraava.pdf', bytes: contractPdf }]))).toMatchObject({
      status: 'Completed',
    });
  });

  it('expires a job 24 hours after it was asked for: its decision, its document and its files', async () => {
    now = START + 30 * HOUR;
    const jobId = await start([{ name: 'Sopimus.pdf', bytes: contractPdf }]);
    await finished(jobId);
    const resultBlob = (await jobs().read(jobId, jobId))!.resultBlob!;
    expect(await exists('results', resultBlob)).toBe(true);
    const records = host.deps.store.collection<AnonymousJobFilesDocument>('tokens');
    const recordId = jobFilesRecordId(jobId);
    expect(await records.read(recordId, recordId)).toMatchObject({ jobId, inputBlobs: [`${jobId}/1.pdf`] });

    // Not yet at 23 hours 59 minutes.
    now += 24 * HOUR - 60_000;
    await expireAnonymousJobs(host.deps, new AbortController().signal);
    expect((await result(jobId)).status).toBe(200);

    now += 60_000;
    const outcome = await expireAnonymousJobs(host.deps, new AbortController().signal);
    expect(outcome.expired).toBeGreaterThanOrEqual(1);
    expect(outcome.failed).toBe(0);
    expect(await exists('results', resultBlob)).toBe(false);
    expect(await jobs().read(jobId, jobId)).toBeUndefined();
    expect(await records.read(recordId, recordId)).toBeUndefined();
    expect(await json(await status(jobId), 401)).toMatchObject({ code: 'unauthorized' });
  });

  it('finds the files of a job whose document the store has already purged', async () => {
    now = START + 60 * HOUR;
    const jobId = await start([{ name: 'Sopimus.pdf', bytes: contractPdf }]);
    await finished(jobId);
    const resultBlob = (await jobs().read(jobId, jobId))!.resultBlob!;
    // As Cosmos DB does when a ttl runs out.
    await jobs().delete(jobId, jobId);

    now += 25 * HOUR;
    await expireAnonymousJobs(host.deps, new AbortController().signal);
    expect(await exists('results', resultBlob)).toBe(false);
  });
});

describe('Cancel', () => {
  it('stops a running job by its id alone: the model call is aborted and the job ends Failed', async () => {
    now = START + 100 * HOUR;
    // A model that answers only when its call is aborted: the job runs until it is stopped.
    const model = host.deps.model as { complete: (request: CompletionRequest) => Promise<unknown> };
    const original = model.complete;
    let aborted = false;
    model.complete = (request) =>
      new Promise((_resolve, reject) => {
        request.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(request.signal!.reason as Error);
        });
      });
    try {
      const jobId = await start([{ name: 'Sopimus.pdf', bytes: contractPdf }]);
      await api.eventually(async () => {
        const view = await json<JobStatusView>(await status(jobId), 200);
        return view.status === 'Running' && view.progress?.stage === 'drafting';
      }, 'the job reports drafting');
      const stop = await api.call('POST', `/api/dispute/job/${jobId}/stop`);
      expect(await json(stop, 200)).toEqual({ data: { stopped: true } });
      expect(await finished(jobId)).toMatchObject({ status: 'Failed' });
      expect(aborted).toBe(true);
      // An unknown id, signed out, is answered as the status route answers it (a 401: it may be a signed-in job).
      const unknown = randomUUID();
      expect((await api.call('POST', `/api/dispute/job/${unknown}/stop`)).status).toBe((await status(unknown)).status);
    } finally {
      model.complete = original;
    }
  });
});
