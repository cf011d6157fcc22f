import { createHash, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  MAX_FILE_NAME_LENGTH,
  MAX_FILES_PER_PHASE,
  UPLOAD_FIELD,
  type AttachmentView,
  type DisputeView,
  type FileDownload,
  type PhaseView,
  type WorkFileView,
} from '@ratkaisu/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Blobs } from '../../functions/src/ports/blobs.js';
import type { Clock } from '../../functions/src/ports/clock.js';
import {
  StoreConflictError,
  type Collection,
  type CollectionName,
  type Store,
} from '../../functions/src/ports/store.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import type { WorkFileDocument } from '../../functions/src/services/files/work-file-document.js';
import { apiClient, uniqueEmail, uploadForm, type OpenCase, type UploadFile } from './support/api-client.js';
import { corruptPdf, makePdf, notPdf, passwordProtectedPdf, truncatedPdf } from './support/pdf-fixtures.js';
import { useTestHost } from './support/use-test-host.js';
import { auditEntriesOf } from './support/audit-trail.js';

/**
 * Case documents (files in phases) and work files through the real local
 * host: who may upload, read and delete them, the content check (PDF by its
 * bytes, not its name), names (sanitised, unique), limits, concurrent
 * uploads, the streamed downloads, and the privacy of work files.
 */

const MB = 1024 * 1024;
const MAX_UPLOAD_BYTES = 4 * MB;
const PHASE_DUE_DAYS = 10;
const START = Date.parse('2026-03-02T09:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const ADMIN_EMAIL = 'root@example.fi';
const ADMIN_PASSWORD = 'root password 1';
const CASE_NOT_FOUND = { code: 'not_found', reason: 'cases.notFound', params: {}, message: 'Case not found.' };
const FILE_NOT_FOUND = { code: 'not_found', reason: 'uploads.fileNotFound', params: {}, message: 'File not found.' };
const PHASE_LOCKED = {
  code: 'phase_locked',
  reason: 'cases.phaseLocked',
  params: {},
  message: 'This phase is closed: its files can no longer be changed.',
};

let now = START;
const clock: Clock = { now: () => new Date(now) };

const host = useTestHost(
  {
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES),
    PHASE_DUE_DAYS: String(PHASE_DUE_DAYS),
  },
  { clock },
);

const api = apiClient(() => host, clock);
const { call, request, json, signedInUser, blobsWrittenDuring, expectNoBlobs } = api;

/** The super-administrator the host created at start-up from ADMIN_EMAIL / ADMIN_PASSWORD, signed in. */
function firstAdmin(): Promise<{ token: string }> {
  return api.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
}

/** A case opened by `claimant`, naming a second claimant-side user by email and a respondent of another tenant. */
const parties = () => api.openCase();

function uploadToPhase(dispute: { id: string }, phaseId: string, token: string | undefined, files: UploadFile[]) {
  return call('POST', `/${dispute.id}/phases/${phaseId}/attachments`, token, uploadForm(files));
}

function uploadWorkFiles(dispute: { id: string }, token: string | undefined, files: UploadFile[]) {
  return call('POST', `/api/dispute/${dispute.id}/workfiles`, token, uploadForm(files));
}

async function phasesOf(dispute: { id: string }, token: string): Promise<PhaseView[]> {
  return json<PhaseView[]>(await call('GET', `/api/dispute/${dispute.id}/phases`, token), 200);
}

function advance(dispute: { id: string }, phaseType: string, token: string) {
  return call('POST', `/api/dispute/${dispute.id}/phase/${phaseType}`, token);
}

const disputes = () => host.deps.store.collection<DisputeDocument>('disputes');

async function storedAttachments(disputeId: string, phaseId: string) {
  const doc = await disputes().read(disputeId, disputeId);
  return doc!.phases.find((phase) => phase.id === phaseId)!.attachments;
}

const auditEntries = (entityId: string): Promise<AuditDocument[]> => auditEntriesOf(host, entityId);

let pdfCache: Map<string, Uint8Array<ArrayBuffer>> | undefined;
/** A small real PDF per title, built once. */
async function pdf(title = 'Exhibit'): Promise<Uint8Array<ArrayBuffer>> {
  pdfCache ??= new Map();
  let bytes = pdfCache.get(title);
  if (!bytes) {
    bytes = await makePdf({ title, pages: 2 });
    pdfCache.set(title, bytes);
  }
  return bytes;
}

describe('uploading into a phase', () => {
  it('stores PDFs in the active phase under generated blob names, lists them and audits the upload', async () => {
    const { claimant, respondent, dispute } = await parties();
    const first = await pdf('Claim');
    const second = await pdf('Contract');
    now += 1000;
    const added = await json<AttachmentView[]>(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
        { name: 'claim.pdf', bytes: first },
        { name: 'Sopimus – hääyö.PDF', bytes: second, type: 'application/octet-stream' },
      ]),
      201,
    );
    expect(added).toEqual([
      { id: expect.any(String), fileName: 'claim.pdf', dateCreated: new Date(now).toISOString(), size: first.length },
      {
        id: expect.any(String),
        fileName: 'Sopimus – hääyö.PDF',
        dateCreated: new Date(now).toISOString(),
        size: second.length,
      },
    ]);

    const [claim] = await phasesOf(dispute, respondent.token);
    expect(claim?.attachments).toEqual(added);
    const listed = await json<AttachmentView[]>(
      await call('GET', `/api/dispute/phase/${dispute.activePhaseId}/attachments`, respondent.token),
      200,
    );
    expect(listed).toEqual(added);

    const stored = await storedAttachments(dispute.id, dispute.activePhaseId);
    for (const attachment of stored) {
      expect(attachment.blobName).toMatch(new RegExp(`^${dispute.id}/[0-9a-f-]{36}$`));
      expect(attachment.uploadedBy).toBe(claimant.user.id);
      expect((await host.deps.blobs.properties('attachments', attachment.blobName!))?.contentType).toBe(
        'application/pdf',
      );
    }
    const doc = await disputes().read(dispute.id, dispute.id);
    expect(doc?.attachmentIds).toEqual(added.map((attachment) => attachment.id));
    expect(doc?.phaseIds).toEqual([dispute.activePhaseId]);

    const audit = (await auditEntries(dispute.id)).filter((entry) => entry.action === 'UploadFile');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: claimant.user.id, entityType: 'Attachment', success: true });
    expect(audit[0]?.details).toBe(
      `Claim: claim.pdf (${first.length} bytes), Sopimus – hääyö.PDF (${second.length} bytes)`,
    );
  });

  it('refuses a text file renamed to .pdf, naming it, and keeps none of the request (all or nothing)', async () => {
    const { claimant, dispute } = await parties();
    let response: Response | undefined;
    const written = await blobsWrittenDuring(async () => {
      response = await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
        { name: 'good.pdf', bytes: await pdf() },
        { name: 'letter.pdf', bytes: notPdf() },
      ]);
    });
    expect(await json(response!, 400)).toEqual({
      code: 'not_pdf',
      reason: 'uploads.onlyPdf',
      params: {},
      message: 'Only PDF files are allowed',
      fields: { file: 'letter.pdf' },
    });
    expect(written.length).toBeGreaterThan(0);
    await expectNoBlobs(written);
    expect(await storedAttachments(dispute.id, dispute.activePhaseId)).toEqual([]);
  });

  it('calls a file that starts like a PDF but has no PDF structure, and a PDF cut in half, damaged, naming it', async () => {
    const { claimant, dispute } = await parties();
    for (const [name, bytes] of [
      ['broken.pdf', corruptPdf()],
      ['half.pdf', await truncatedPdf()],
    ] as const) {
      const written = await blobsWrittenDuring(async () => {
        const refused = await json<{ code: string; fields: Record<string, string> }>(
          await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name, bytes }]),
          400,
        );
        expect(refused).toEqual({
          code: 'damaged_pdf',
          reason: 'uploads.damaged',
          params: { names: name },
          message: `Damaged and cannot be opened as a PDF: ${name}`,
          fields: { file: name },
        });
      });
      await expectNoBlobs(written);
    }
    expect(await storedAttachments(dispute.id, dispute.activePhaseId)).toEqual([]);
  });

  it('says not-a-PDF before damaged when a request holds both, and names every damaged file', async () => {
    const { claimant, dispute } = await parties();
    expect(
      await json(
        await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
          { name: 'broken.pdf', bytes: corruptPdf() },
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
    expect(
      await json(
        await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
          { name: 'broken.pdf', bytes: corruptPdf() },
          { name: 'fine.pdf', bytes: await pdf() },
          { name: 'half.pdf', bytes: await truncatedPdf() },
        ]),
        400,
      ),
    ).toEqual({
      code: 'damaged_pdf',
      reason: 'uploads.damaged',
      params: { names: 'broken.pdf, half.pdf' },
      message: 'Damaged and cannot be opened as a PDF: broken.pdf, half.pdf',
      fields: { file: 'broken.pdf, half.pdf' },
    });
    expect(await storedAttachments(dispute.id, dispute.activePhaseId)).toEqual([]);
  });

  it('goes by the name too: a real PDF not named .pdf is refused, and every offending name is listed', async () => {
    const { claimant, dispute } = await parties();
    const refused = await json(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
        { name: 'scan.bin', bytes: await pdf(), type: 'application/octet-stream' },
        { name: 'fine.pdf', bytes: await pdf() },
        { name: 'notes.pdf', bytes: notPdf(), type: 'application/pdf' },
      ]),
      400,
    );
    expect(refused).toEqual({
      code: 'not_pdf',
      reason: 'uploads.onlyPdf',
      params: {},
      message: 'Only PDF files are allowed',
      fields: { file: 'scan.bin, notes.pdf' },
    });
  });

  it('accepts a password-protected PDF', async () => {
    const { claimant, dispute } = await parties();
    const added = await json<AttachmentView[]>(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
        { name: 'sealed.pdf', bytes: passwordProtectedPdf() },
      ]),
      201,
    );
    expect(added.map((attachment) => attachment.fileName)).toEqual(['sealed.pdf']);
  });

  it('refuses names already in the phase, and names repeated in the selection, with the exact texts', async () => {
    const { claimant, dispute } = await parties();
    await json(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name: 'a.pdf', bytes: await pdf() }]),
      201,
    );
    const inPhase = await json(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
        { name: 'A.pdf', bytes: await pdf() },
        { name: 'c.pdf', bytes: await pdf() },
      ]),
      409,
    );
    expect(inPhase).toEqual({
      code: 'duplicate_file_name',
      reason: 'uploads.duplicateNames',
      params: { names: 'A.pdf' },
      message: 'File(s) with the same name already exist: A.pdf',
    });
    const inSelection = await json(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
        { name: 'b.pdf', bytes: await pdf() },
        { name: 'B.pdf', bytes: await pdf('Other') },
      ]),
      409,
    );
    expect(inSelection).toEqual({
      code: 'duplicate_file_name',
      reason: 'uploads.duplicateNames',
      params: { names: 'B.pdf (duplicate in current selection)' },
      message: 'File(s) with the same name already exist: B.pdf (duplicate in current selection)',
    });
    const names = (await storedAttachments(dispute.id, dispute.activePhaseId)).map((attachment) => attachment.fileName);
    expect(names).toEqual(['a.pdf']);
  });

  it('keeps HTML and script out of stored names; the blob is never stored under the name', async () => {
    const { claimant, dispute } = await parties();
    const added = await json<AttachmentView[]>(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
        { name: '<b onclick="steal()">report</b><script>alert(1)</script>.pdf', bytes: await pdf() },
        { name: '<img src=x onerror=alert(1)>.pdf', bytes: await pdf('Two') },
        { name: '..\\..\\evil\u202Efdp.exe.pdf', bytes: await pdf('Three') },
      ]),
      201,
    );
    expect(added.map((attachment) => attachment.fileName)).toEqual(['report.pdf', 'document.pdf', 'evilfdp.exe.pdf']);
    for (const attachment of await storedAttachments(dispute.id, dispute.activePhaseId)) {
      expect(attachment.blobName).toMatch(new RegExp(`^${dispute.id}/[0-9a-f-]{36}$`));
    }
  });

  it('refuses a file name longer than the limit', async () => {
    const { claimant, dispute } = await parties();
    const name = `${'x'.repeat(MAX_FILE_NAME_LENGTH)}.pdf`;
    const refused = await json<{ code: string; message: string }>(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name, bytes: await pdf() }]),
      400,
    );
    expect(refused).toMatchObject({
      code: 'bad_request',
      message: `A file name can be at most ${MAX_FILE_NAME_LENGTH} characters long.`,
    });
  });

  it('answers 415 to a body that is not multipart, and 400 when no part is a file named "file"', async () => {
    const { claimant, dispute } = await parties();
    const path = `/${dispute.id}/phases/${dispute.activePhaseId}/attachments`;
    const asJson = await call('POST', path, claimant.token, { file: 'x' });
    expect(await json(asJson, 415)).toMatchObject({ code: 'unsupported_media_type' });
    const raw = await request('POST', path, claimant.token, { body: await pdf() });
    expect(raw.status).toBe(415);

    const onlyFields = new FormData();
    onlyFields.append('file', 'not a file');
    onlyFields.append('note', 'hello');
    const noFile = {
      code: 'bad_request',
      reason: 'uploads.noFiles',
      params: {},
      message: 'Choose at least one PDF file to upload.',
    };
    expect(await json(await call('POST', path, claimant.token, onlyFields), 400)).toEqual(noFile);
    const otherField = await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
      { name: 'claim.pdf', bytes: await pdf(), field: 'attachment' },
    ]);
    expect(await json(otherField, 400)).toEqual(noFile);
  });

  it('answers 400 to a multipart body that breaks off', async () => {
    const { claimant, dispute } = await parties();
    const boundary = 'ratkaisu-test-boundary';
    const broken = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\n\r\n`),
      Buffer.from(await pdf()),
    ]);
    const response = await request(
      'POST',
      `/${dispute.id}/phases/${dispute.activePhaseId}/attachments`,
      claimant.token,
      {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: broken,
      },
    );
    expect(await json(response, 400)).toMatchObject({ code: 'bad_request' });
    expect(await storedAttachments(dispute.id, dispute.activePhaseId)).toEqual([]);
  });

  it('answers 413 to an upload past MAX_UPLOAD_BYTES, declared or streamed, and stores nothing', async () => {
    const { claimant, dispute } = await parties();
    const big = await makePdf({ padTo: MAX_UPLOAD_BYTES + 512 * 1024 });
    const path = `/${dispute.id}/phases/${dispute.activePhaseId}/attachments`;
    const declared = await call('POST', path, claimant.token, uploadForm([{ name: 'big.pdf', bytes: big }]));
    expect(await json(declared, 413)).toMatchObject({ code: 'payload_too_large' });

    const written = await blobsWrittenDuring(async () => {
      const streamed = await chunkedMultipart(path, claimant.token, 'big.pdf', big);
      expect(streamed.status, streamed.body).toBe(413);
      expect(JSON.parse(streamed.body)).toMatchObject({ code: 'payload_too_large' });
    });
    // The part was being streamed to storage when the limit was reached; what it wrote is gone.
    expect(written).toHaveLength(1);
    await expectNoBlobs(written);
    expect(await storedAttachments(dispute.id, dispute.activePhaseId)).toEqual([]);
  });

  it('takes a chunked upload (no Content-Length) and stores it byte for byte', async () => {
    const { claimant, dispute } = await parties();
    const bytes = await makePdf({ title: 'Chunked', padTo: 600 * 1024 });
    const path = `/${dispute.id}/phases/${dispute.activePhaseId}/attachments`;
    const answer = await chunkedMultipart(path, claimant.token, 'chunked.pdf', bytes);
    const [added] = JSON.parse(answer.body) as AttachmentView[];
    expect(answer.status, answer.body).toBe(201);
    expect(added).toMatchObject({ fileName: 'chunked.pdf', size: bytes.length });
    const [stored] = await storedAttachments(dispute.id, dispute.activePhaseId);
    const copy = await host.deps.blobs.downloadBuffer('attachments', stored!.blobName!);
    expect(copy?.equals(Buffer.from(bytes))).toBe(true);
    // The content's hash, computed while it streamed in.
    expect(stored!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('answers 503 with the upload-failed text when storage fails, and records nothing', async () => {
    const { claimant, dispute } = await parties();
    const blobs = host.deps.blobs as { upload: Blobs['upload'] };
    const original = blobs.upload;
    blobs.upload = async (container, name, body) => {
      // Read some of the stream, as a store would before its connection drops.
      for await (const _chunk of body as AsyncIterable<Buffer>) break;
      throw new Error(`simulated storage outage for ${container}/${name}`);
    };
    try {
      const failed = await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
        { name: 'a.pdf', bytes: await pdf() },
      ]);
      expect(await json(failed, 503)).toEqual({
        code: 'unavailable',
        reason: 'uploads.failed',
        params: {},
        message: 'An error occurred while uploading files. Please try again.',
      });
    } finally {
      blobs.upload = original;
    }
    expect(await storedAttachments(dispute.id, dispute.activePhaseId)).toEqual([]);
    expect((await auditEntries(dispute.id)).map((entry) => entry.action)).not.toContain('UploadFile');
  });

  it('refuses files that would take a phase past its limit of files', async () => {
    const { claimant, dispute } = await parties();
    const doc = await disputes().read(dispute.id, dispute.id);
    const { _etag, ...rest } = doc!;
    const filler = Array.from({ length: MAX_FILES_PER_PHASE - 1 }, (_, index) => ({
      id: randomUUID(),
      fileName: `filler-${index}.pdf`,
      dateCreated: clock.now().toISOString(),
    }));
    await disputes().replace(
      { ...rest, phases: rest.phases.map((phase) => ({ ...phase, attachments: filler })) },
      { ifMatch: _etag },
    );
    const refused = await json(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
        { name: 'one.pdf', bytes: await pdf('1') },
        { name: 'two.pdf', bytes: await pdf('2') },
      ]),
      400,
    );
    expect(refused).toEqual({
      code: 'bad_request',
      reason: 'uploads.phaseFull',
      params: { maxFiles: MAX_FILES_PER_PHASE },
      message: `A phase can hold at most ${MAX_FILES_PER_PHASE} files.`,
    });
    await json(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name: 'last.pdf', bytes: await pdf() }]),
      201,
    );
  });

  it('lets only the side owning the phase upload (403), only into the active phase (409), never into Resolution', async () => {
    const { claimant, respondent, dispute } = await parties();
    const claimPhase = dispute.activePhaseId;
    expect(
      await json(
        await uploadToPhase(dispute, claimPhase, respondent.token, [{ name: 'r.pdf', bytes: await pdf() }]),
        403,
      ),
    ).toMatchObject({ code: 'forbidden' });
    await json(await uploadToPhase(dispute, claimPhase, claimant.token, [{ name: 'c.pdf', bytes: await pdf() }]), 201);
    const afterClaim = await json<PhaseView[]>(await advance(dispute, 'Response', claimant.token), 200);
    const responsePhase = afterClaim[1]!.id;

    // The Claim phase is closed now, for its own side too.
    expect(
      await json(
        await uploadToPhase(dispute, claimPhase, claimant.token, [{ name: 'late.pdf', bytes: await pdf() }]),
        409,
      ),
    ).toEqual(PHASE_LOCKED);
    expect(
      await json(
        await uploadToPhase(dispute, responsePhase, claimant.token, [{ name: 'x.pdf', bytes: await pdf() }]),
        403,
      ),
    ).toMatchObject({ code: 'forbidden' });
    await json(
      await uploadToPhase(dispute, responsePhase, respondent.token, [{ name: 'answer.pdf', bytes: await pdf() }]),
      201,
    );
    const afterResponse = await json<PhaseView[]>(await advance(dispute, 'ClaimantLetter1', respondent.token), 200);
    // End Process: the empty ClaimantLetter1 lets the claimant move straight to Resolution.
    const ended = await json<PhaseView[]>(await advance(dispute, 'Resolution', claimant.token), 200);
    expect(ended.map((phase) => phase.type)).toEqual(['Claim', 'Response', 'ClaimantLetter1', 'Resolution']);
    const resolution = ended[3]!.id;
    for (const party of [claimant, respondent]) {
      expect(
        await json(
          await uploadToPhase(dispute, resolution, party.token, [{ name: 'decision.pdf', bytes: await pdf() }]),
          409,
        ),
      ).toEqual(PHASE_LOCKED);
    }
    expect(
      await json(
        await uploadToPhase(dispute, afterResponse[2]!.id, claimant.token, [{ name: 'l.pdf', bytes: await pdf() }]),
        409,
      ),
    ).toEqual(PHASE_LOCKED);
    // A phase id of another case is answered like a case the caller cannot see.
    const other = await parties();
    expect(
      await json(
        await uploadToPhase(dispute, other.dispute.activePhaseId, claimant.token, [
          { name: 'q.pdf', bytes: await pdf() },
        ]),
        404,
      ),
    ).toEqual(CASE_NOT_FOUND);
  });

  it('lands two uploads into the same phase at once, though both started from the same version of the case', async () => {
    const { claimant, coClaimant, dispute } = await parties();
    const race = holdFirstReads(dispute.id, 2);
    try {
      const [first, second] = await Promise.all([
        uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name: 'one.pdf', bytes: await pdf('1') }]),
        uploadToPhase(dispute, dispute.activePhaseId, coClaimant.token, [{ name: 'two.pdf', bytes: await pdf('2') }]),
      ]);
      expect([first.status, second.status]).toEqual([201, 201]);
    } finally {
      race.release();
    }
    // One write lost the race on the etag and was made again on the case as the other left it.
    expect(race.conflicts()).toBe(1);
    const names = (await storedAttachments(dispute.id, dispute.activePhaseId)).map((attachment) => attachment.fileName);
    expect(names.sort()).toEqual(['one.pdf', 'two.pdf']);
    const doc = await disputes().read(dispute.id, dispute.id);
    expect(doc?.attachmentIds).toHaveLength(2);
    expect((await auditEntries(dispute.id)).filter((entry) => entry.action === 'UploadFile')).toHaveLength(2);
  });

  it('of two uploads of the same name at once, keeps one and refuses the other as a duplicate', async () => {
    const { claimant, coClaimant, dispute } = await parties();
    const race = holdFirstReads(dispute.id, 2);
    let responses: Response[] = [];
    const written = await blobsWrittenDuring(async () => {
      try {
        responses = await Promise.all([
          uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name: 'same.pdf', bytes: await pdf('1') }]),
          uploadToPhase(dispute, dispute.activePhaseId, coClaimant.token, [
            { name: 'Same.pdf', bytes: await pdf('2') },
          ]),
        ]);
      } finally {
        race.release();
      }
    });
    expect(race.conflicts()).toBe(1);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const loser = responses.find((response) => response.status === 409)!;
    expect((await loser.json()).code).toBe('duplicate_file_name');
    const [kept] = await storedAttachments(dispute.id, dispute.activePhaseId);
    // The refused request's blob is deleted; the kept one's stays.
    expect(written).toHaveLength(2);
    await expectNoBlobs(written.filter((blob) => blob.name !== kept!.blobName));
    expect(await host.deps.blobs.properties('attachments', kept!.blobName!)).toBeDefined();
    expect(await storedAttachments(dispute.id, dispute.activePhaseId)).toHaveLength(1);
  });
});

describe('reading and deleting phase files', () => {
  it('downloads a file as base64 JSON that decodes to the uploaded bytes', async () => {
    const { claimant, respondent, dispute } = await parties();
    const bytes = await pdf('Round trip');
    const [added] = await json<AttachmentView[]>(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name: 'round trip.pdf', bytes }]),
      201,
    );
    const download = await json<FileDownload>(
      await call(
        'GET',
        `/api/dispute/${dispute.id}/phases/${dispute.activePhaseId}/attachment/${added!.id}`,
        respondent.token,
      ),
      200,
    );
    expect(download.fileName).toBe('round trip.pdf');
    expect(Buffer.from(download.fileContent, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });

  it('streams a multi-megabyte file with download headers, byte for byte', async () => {
    const { claimant, respondent, dispute } = await parties();
    const bytes = await makePdf({ title: 'Large exhibit', padTo: Math.floor(2.5 * MB) });
    const [added] = await json<AttachmentView[]>(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name: 'Liite "A" – hääyö.pdf', bytes }]),
      201,
    );
    expect(added?.size).toBe(bytes.length);
    const response = await call(
      'GET',
      `/api/dispute/${dispute.id}/phases/${dispute.activePhaseId}/attachment/${added!.id}/download`,
      respondent.token,
    );
    expect(response.status).toBe(200);
    const headers = [
      'content-type',
      'content-length',
      'content-disposition',
      'x-content-type-options',
      'cache-control',
    ];
    expect(Object.fromEntries(headers.map((name) => [name, response.headers.get(name)]))).toEqual({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="Liite _A_ _ haayo.pdf"; filename*=UTF-8''Liite%20%22A%22%20%E2%80%93%20h%C3%A4%C3%A4y%C3%B6.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('answers 404 for a file that is not in the phase or the case', async () => {
    const { claimant, dispute } = await parties();
    const [added] = await json<AttachmentView[]>(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name: 'a.pdf', bytes: await pdf() }]),
      201,
    );
    const base = `/api/dispute/${dispute.id}/phases/${dispute.activePhaseId}/attachment`;
    expect(await json(await call('GET', `${base}/${randomUUID()}`, claimant.token), 404)).toEqual(FILE_NOT_FOUND);
    expect(await json(await call('GET', `${base}/${randomUUID()}/download`, claimant.token), 404)).toEqual(
      FILE_NOT_FOUND,
    );
    const wrongPhase = `/api/dispute/${dispute.id}/phases/${randomUUID()}/attachment/${added!.id}`;
    expect(await json(await call('GET', wrongPhase, claimant.token), 404)).toEqual(CASE_NOT_FOUND);
    expect(
      await json(await call('GET', `/api/dispute/phase/${randomUUID()}/attachments`, claimant.token), 404),
    ).toEqual(CASE_NOT_FOUND);
  });

  it('deletes a file of the active phase: gone from the list and from storage, and audited', async () => {
    const { claimant, coClaimant, dispute } = await parties();
    const added = await json<AttachmentView[]>(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [
        { name: 'keep.pdf', bytes: await pdf('Keep') },
        { name: 'drop.pdf', bytes: await pdf('Drop') },
      ]),
      201,
    );
    const drop = added[1]!;
    const blobName = (await storedAttachments(dispute.id, dispute.activePhaseId)).find(
      (attachment) => attachment.id === drop.id,
    )!.blobName!;
    // Either claimant-side user may delete.
    const deleted = await call('DELETE', `/api/dispute/attachments/${drop.id}`, coClaimant.token);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    const listed = await json<AttachmentView[]>(
      await call('GET', `/api/dispute/phase/${dispute.activePhaseId}/attachments`, claimant.token),
      200,
    );
    expect(listed.map((attachment) => attachment.fileName)).toEqual(['keep.pdf']);
    expect(await host.deps.blobs.properties('attachments', blobName)).toBeUndefined();
    expect((await disputes().read(dispute.id, dispute.id))?.attachmentIds).toEqual([added[0]!.id]);
    expect(
      await json(
        await call(
          'GET',
          `/api/dispute/${dispute.id}/phases/${dispute.activePhaseId}/attachment/${drop.id}`,
          claimant.token,
        ),
        404,
      ),
    ).toEqual(FILE_NOT_FOUND);
    expect(await json(await call('DELETE', `/api/dispute/attachments/${drop.id}`, claimant.token), 404)).toEqual(
      FILE_NOT_FOUND,
    );
    const audit = await auditEntries(drop.id);
    expect(audit.map((entry) => [entry.action, entry.entityType, entry.userId])).toEqual([
      ['DeleteFile', 'Attachment', coClaimant.user.id],
    ]);
  });

  it('refuses deleting from a closed phase (409) and from the other side (403)', async () => {
    const { claimant, respondent, dispute } = await parties();
    const [claimFile] = await json<AttachmentView[]>(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name: 'claim.pdf', bytes: await pdf() }]),
      201,
    );
    expect(
      await json(await call('DELETE', `/api/dispute/attachments/${claimFile!.id}`, respondent.token), 403),
    ).toMatchObject({ code: 'forbidden' });
    await json(await advance(dispute, 'Response', claimant.token), 200);
    expect(await json(await call('DELETE', `/api/dispute/attachments/${claimFile!.id}`, claimant.token), 409)).toEqual(
      PHASE_LOCKED,
    );
    const [claim] = await phasesOf(dispute, claimant.token);
    expect(claim?.attachments.map((attachment) => attachment.id)).toEqual([claimFile!.id]);
  });
});

describe('work files', () => {
  it('keeps each side its own work files, newest first, streamed on download, and deleted on request', async () => {
    const { claimant, coClaimant, respondent, dispute } = await parties();
    const notes = await pdf('Notes');
    now += 1000;
    const [first] = await json<WorkFileView[]>(
      await uploadWorkFiles(dispute, claimant.token, [{ name: 'notes.pdf', bytes: notes }]),
      201,
    );
    expect(first).toEqual({
      id: expect.any(String),
      fileName: 'notes.pdf',
      dateCreated: new Date(now).toISOString(),
      size: notes.length,
    });
    now += 1000;
    const [second] = await json<WorkFileView[]>(
      await uploadWorkFiles(dispute, coClaimant.token, [{ name: 'draft.pdf', bytes: await pdf('Draft') }]),
      201,
    );
    const listed = await json<WorkFileView[]>(
      await call('GET', `/api/dispute/${dispute.id}/workfiles`, claimant.token),
      200,
    );
    expect(listed).toEqual([second, first]);

    const stored = await host.deps.store.collection<WorkFileDocument>('files').read(dispute.id, first!.id);
    expect(stored).toMatchObject({
      disputeId: dispute.id,
      side: 'claimant',
      fileName: 'notes.pdf',
      size: notes.length,
      uploadedBy: claimant.user.id,
      blobName: expect.stringMatching(new RegExp(`^${dispute.id}/[0-9a-f-]{36}$`)) as string,
      // Computed while the file streamed in.
      sha256: createHash('sha256').update(notes).digest('hex'),
    });

    const download = await call('GET', `/api/dispute/${dispute.id}/workfiles/${first!.id}`, coClaimant.token);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="notes.pdf"');
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(notes))).toBe(true);

    // The other side sees none of them and cannot reach them by id.
    expect(await json(await call('GET', `/api/dispute/${dispute.id}/workfiles`, respondent.token), 200)).toEqual([]);
    for (const method of ['GET', 'DELETE']) {
      expect(
        await json(await call(method, `/api/dispute/${dispute.id}/workfiles/${first!.id}`, respondent.token), 404),
      ).toEqual(FILE_NOT_FOUND);
    }

    expect((await call('DELETE', `/api/dispute/${dispute.id}/workfiles/${first!.id}`, claimant.token)).status).toBe(
      204,
    );
    expect(
      await json<WorkFileView[]>(await call('GET', `/api/dispute/${dispute.id}/workfiles`, claimant.token), 200),
    ).toEqual([second]);
    expect(await host.deps.blobs.properties('workfiles', stored!.blobName)).toBeUndefined();
    expect(
      await json(await call('GET', `/api/dispute/${dispute.id}/workfiles/${first!.id}`, claimant.token), 404),
    ).toEqual(FILE_NOT_FOUND);
    const audit = await auditEntries(dispute.id);
    expect(audit.filter((entry) => entry.entityType === 'WorkFile').map((entry) => entry.action)).toEqual([
      'UploadFile',
      'UploadFile',
    ]);
    expect((await auditEntries(first!.id)).map((entry) => [entry.action, entry.entityType])).toEqual([
      ['DeleteFile', 'WorkFile'],
    ]);
  });

  it('moves a Pending case to InProgress on the respondent side’s first work file, not on the claimant’s', async () => {
    const { claimant, respondent, dispute } = await parties();
    await json(await uploadWorkFiles(dispute, claimant.token, [{ name: 'a.pdf', bytes: await pdf() }]), 201);
    expect((await disputes().read(dispute.id, dispute.id))?.status).toBe('Pending');
    await json(await uploadWorkFiles(dispute, respondent.token, [{ name: 'a.pdf', bytes: await pdf() }]), 201);
    const view = await json<DisputeView>(await call('GET', `/api/dispute/${dispute.id}`, claimant.token), 200);
    expect(view.status).toBe('InProgress');
  });

  it('applies the upload rules to work files: PDF content, names unique within the side', async () => {
    const { claimant, dispute } = await parties();
    await json(await uploadWorkFiles(dispute, claimant.token, [{ name: 'memo.pdf', bytes: await pdf() }]), 201);
    expect(
      await json(await uploadWorkFiles(dispute, claimant.token, [{ name: 'MEMO.pdf', bytes: await pdf() }]), 409),
    ).toEqual({
      code: 'duplicate_file_name',
      reason: 'uploads.duplicateNames',
      params: { names: 'MEMO.pdf' },
      message: 'File(s) with the same name already exist: MEMO.pdf',
    });
    expect(
      await json(await uploadWorkFiles(dispute, claimant.token, [{ name: 'fake.pdf', bytes: notPdf() }]), 400),
    ).toMatchObject({ code: 'not_pdf', fields: { file: 'fake.pdf' } });
    const asJson = await call('POST', `/api/dispute/${dispute.id}/workfiles`, claimant.token, {});
    expect(asJson.status).toBe(415);
  });

  it('keeps work files open at every phase, also after Resolution', async () => {
    const { claimant, respondent, dispute } = await parties();
    await json(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name: 'c.pdf', bytes: await pdf() }]),
      201,
    );
    const phases = await json<PhaseView[]>(await advance(dispute, 'Response', claimant.token), 200);
    await json(
      await uploadToPhase(dispute, phases[1]!.id, respondent.token, [{ name: 'r.pdf', bytes: await pdf() }]),
      201,
    );
    await json(await advance(dispute, 'ClaimantLetter1', respondent.token), 200);
    await json(await advance(dispute, 'Resolution', claimant.token), 200);
    for (const party of [claimant, respondent]) {
      const [file] = await json<WorkFileView[]>(
        await uploadWorkFiles(dispute, party.token, [{ name: 'after.pdf', bytes: await pdf() }]),
        201,
      );
      expect((await call('DELETE', `/api/dispute/${dispute.id}/workfiles/${file!.id}`, party.token)).status).toBe(204);
    }
  });
});

describe('who may use the file routes', () => {
  let setup: OpenCase;
  let attachment: AttachmentView;
  let workFile: WorkFileView;
  let outsiders: Array<[string, string]>;

  beforeAll(async () => {
    setup = await parties();
    [attachment] = (await json<AttachmentView[]>(
      await uploadToPhase(setup.dispute, setup.dispute.activePhaseId, setup.claimant.token, [
        { name: 'exhibit.pdf', bytes: await pdf() },
      ]),
      201,
    )) as [AttachmentView];
    [workFile] = (await json<WorkFileView[]>(
      await uploadWorkFiles(setup.dispute, setup.claimant.token, [{ name: 'private.pdf', bytes: await pdf() }]),
      201,
    )) as [WorkFileView];
    outsiders = [
      ['outsider', (await signedInUser({ email: uniqueEmail('outsider') })).token],
      ['user of another tenant', (await signedInUser({ email: uniqueEmail('elsewhere') }, { ownTenant: true })).token],
      ['administrator', (await signedInUser({ email: uniqueEmail('admin'), roles: ['User', 'Admin'] })).token],
      ['first super-administrator', (await firstAdmin()).token],
      [
        'unconfirmed holder of the respondent email',
        (await signedInUser({ email: setup.dispute.respondent.email, emailConfirmed: false })).token,
      ],
    ];
  });

  /** Every route, as a function of the caller's token. */
  const routes = () => {
    const { dispute } = setup;
    const phase = dispute.activePhaseId;
    return {
      upload: (token?: string) =>
        uploadToPhase(dispute, phase, token, [{ name: `u-${randomUUID()}.pdf`, bytes: pdfCache!.get('Exhibit')! }]),
      list: (token?: string) => call('GET', `/api/dispute/phase/${phase}/attachments`, token),
      base64: (token?: string) =>
        call('GET', `/api/dispute/${dispute.id}/phases/${phase}/attachment/${attachment.id}`, token),
      download: (token?: string) =>
        call('GET', `/api/dispute/${dispute.id}/phases/${phase}/attachment/${attachment.id}/download`, token),
      delete: (token?: string) => call('DELETE', `/api/dispute/attachments/${attachment.id}`, token),
      uploadWork: (token?: string) =>
        uploadWorkFiles(dispute, token, [{ name: `w-${randomUUID()}.pdf`, bytes: pdfCache!.get('Exhibit')! }]),
      listWork: (token?: string) => call('GET', `/api/dispute/${dispute.id}/workfiles`, token),
      downloadWork: (token?: string) => call('GET', `/api/dispute/${dispute.id}/workfiles/${workFile.id}`, token),
      deleteWork: (token?: string) => call('DELETE', `/api/dispute/${dispute.id}/workfiles/${workFile.id}`, token),
    };
  };

  it('asks anonymous callers to sign in on every route', async () => {
    for (const [name, route] of Object.entries(routes())) {
      const response = await route(undefined);
      expect(response.status, name).toBe(401);
      await response.body?.cancel();
    }
  });

  it('answers 404 to everyone not in the case: outsiders, other tenants, administrators, unconfirmed emails', async () => {
    for (const [who, token] of outsiders) {
      for (const [name, route] of Object.entries(routes())) {
        const body = await json<{ code: string; message: string }>(await route(token), 404);
        expect({ who, name, code: body.code }).toEqual({ who, name, code: 'not_found' });
        const expected = name === 'delete' ? FILE_NOT_FOUND : CASE_NOT_FOUND;
        expect({ who, name, message: body.message }).toEqual({ who, name, message: expected.message });
      }
    }
    expect(await storedAttachments(setup.dispute.id, setup.dispute.activePhaseId)).toHaveLength(1);
  });

  it('lets the respondent side read the phase files but not change the claimant side’s phase, nor see its work files', async () => {
    const route = routes();
    const { respondent } = setup;
    expect(await json<AttachmentView[]>(await route.list(respondent.token), 200)).toEqual([attachment]);
    expect((await json<FileDownload>(await route.base64(respondent.token), 200)).fileName).toBe('exhibit.pdf');
    const download = await route.download(respondent.token);
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    expect(await json(await route.upload(respondent.token), 403)).toMatchObject({ code: 'forbidden' });
    expect(await json(await route.delete(respondent.token), 403)).toMatchObject({ code: 'forbidden' });
    expect(await json(await route.listWork(respondent.token), 200)).toEqual([]);
    expect(await json(await route.downloadWork(respondent.token), 404)).toEqual(FILE_NOT_FOUND);
    expect(await json(await route.deleteWork(respondent.token), 404)).toEqual(FILE_NOT_FOUND);
    const [own] = await json<WorkFileView[]>(await route.uploadWork(respondent.token), 201);
    expect(await json<WorkFileView[]>(await route.listWork(respondent.token), 200)).toEqual([own]);
  });

  it('lets both claimant-side users (the creator and the named representative) use every route', async () => {
    const route = routes();
    for (const party of [setup.coClaimant, setup.claimant]) {
      await json(await route.upload(party.token), 201);
      expect(await json<AttachmentView[]>(await route.list(party.token), 200)).toContainEqual(attachment);
      await json(await route.base64(party.token), 200);
      const download = await route.download(party.token);
      expect(download.status).toBe(200);
      await download.arrayBuffer();
      await json(await route.uploadWork(party.token), 201);
      expect(await json<WorkFileView[]>(await route.listWork(party.token), 200)).toContainEqual(workFile);
      const work = await route.downloadWork(party.token);
      expect(work.status).toBe(200);
      await work.arrayBuffer();
    }
    expect((await route.delete(setup.coClaimant.token)).status).toBe(204);
    expect((await route.deleteWork(setup.claimant.token)).status).toBe(204);
  });
});

describe('phase due days', () => {
  it('gives each new phase PHASE_DUE_DAYS days', async () => {
    const { claimant, dispute } = await parties();
    const [claim] = await phasesOf(dispute, claimant.token);
    expect(claim?.dueDate).toBe(new Date(Date.parse(claim!.dateCreated) + PHASE_DUE_DAYS * DAY).toISOString());
    await json(
      await uploadToPhase(dispute, dispute.activePhaseId, claimant.token, [{ name: 'c.pdf', bytes: await pdf() }]),
      201,
    );
    now += 60_000;
    const phases = await json<PhaseView[]>(await advance(dispute, 'Response', claimant.token), 200);
    expect(phases[1]?.dueDate).toBe(new Date(now + PHASE_DUE_DAYS * DAY).toISOString());
  });
});

/**
 * Holds the first `count` reads of one case until all of them have been made,
 * so that many requests start from the same version of it (and then race in
 * their conditional writes). Later reads pass straight through. Counts the
 * conditional writes to the case that lost, so a test can tell the race happened.
 */
function holdFirstReads(disputeId: string, count: number): { release: () => void; conflicts: () => number } {
  const store = host.deps.store;
  const original = store.collection.bind(store);
  let waiting: Array<() => void> = [];
  let held = 0;
  let conflicts = 0;
  store.collection = ((name: CollectionName) => {
    const collection = original<DisputeDocument>(name);
    if (name !== 'disputes') return collection;
    const read: Collection<DisputeDocument>['read'] = async (pk, id) => {
      const doc = await collection.read(pk, id);
      if (id === disputeId && held < count) {
        held++;
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === count) for (const release of waiting) release();
        });
      }
      return doc;
    };
    const replace: Collection<DisputeDocument>['replace'] = async (doc, options) => {
      try {
        return await collection.replace(doc, options);
      } catch (error) {
        if (error instanceof StoreConflictError && doc.id === disputeId) conflicts++;
        throw error;
      }
    };
    return new Proxy(collection, {
      get: (target, property) => {
        if (property === 'read') return read;
        if (property === 'replace') return replace;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }) as Store['collection'];
  return {
    release: () => {
      store.collection = original;
      for (const release of waiting) release();
      waiting = [];
    },
    conflicts: () => conflicts,
  };
}

/**
 * A multipart upload sent chunked (no Content-Length), as a client streaming
 * a file it does not know the size of would send it. Stops sending once the
 * host has answered.
 */
function chunkedMultipart(
  pathname: string,
  token: string,
  fileName: string,
  bytes: Uint8Array,
): Promise<{ status: number; body: string }> {
  const boundary = `----ratkaisu-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_FIELD}"; filename="${fileName}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        path: pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // The host may close the connection while the rest of the body is still on its way.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunks = [head];
    for (let offset = 0; offset < bytes.length; offset += 256 * 1024) {
      chunks.push(Buffer.from(bytes.subarray(offset, offset + 256 * 1024)));
    }
    chunks.push(tail);
    const send = () => {
      while (chunks.length > 0 && !answered) {
        if (!req.write(chunks.shift()!)) {
          req.once('drain', send);
          return;
        }
      }
      if (!answered) req.end();
    };
    send();
  });
}
