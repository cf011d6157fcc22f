import {
  CLAIM_DRAFT_MESSAGES,
  type AttachmentView,
  type ClaimDraftView,
  type JobStatusView,
  type PhaseView,
} from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { CompletionRequest } from '../../functions/src/ports/model.js';
import { apiClient, FINNISH_CASE, uniqueEmail, uploadForm, type OpenCase } from './support/api-client.js';
import { CONTRACT_PAGES } from './support/finnish-pdf.js';
import { useFinnishPdfs } from './support/use-finnish-pdfs.js';
import { useTestHost } from './support/use-test-host.js';
import { auditActionsOf } from './support/audit-trail.js';

/**
 * The claim generator's draft kept on the server through the real local host: the job's result
 * becomes the user's draft, edits are saved conditionally, the draft is the owner's alone, Download PDF
 * files nothing, filing the same text twice files it once, and Stop ends a claim job.
 */

const now = Date.parse('2026-03-02T09:00:00.000Z');
const clock: Clock = { now: () => new Date(now) };

const pdfs = useFinnishPdfs({ contract: CONTRACT_PAGES });
const host = useTestHost({}, { clock });

const api = apiClient(() => host, clock);
const { call, json } = api;

const draftPath = (c: OpenCase) => `/api/dispute/${c.dispute.id}/claimdraft`;
const getDraft = (c: OpenCase, token = c.claimant.token) => call('GET', draftPath(c), token);

async function caseWithFile(): Promise<{ c: OpenCase; fileId: string }> {
  const c = await api.openCase({ ...FINNISH_CASE, name: 'Teräspalkkien viivästynyt toimitus' });
  const [file] = await json<AttachmentView[]>(
    await call(
      'POST',
      `/${c.dispute.id}/phases/${c.dispute.activePhaseId}/attachments`,
      c.claimant.token,
      uploadForm([{ name: 'kauppasopimus.pdf', bytes: pdfs.contract }]),
    ),
    201,
  );
  return { c, fileId: file!.id };
}

function generate(c: OpenCase, fileId: string, token = c.claimant.token) {
  return call('POST', `/api/dispute/${c.dispute.id}/generateclaim`, token, {
    fileIds: [fileId],
    settings: { language: 'fi' },
    case_name: c.dispute.name,
    claimant_info: { name: 'Rakennus Oy', contact_info: 'Katu 1, 00100 Helsinki' },
    process_type: 'claim',
  });
}

/** A case with a generated claim draft, read back once the job has finished. */
async function generatedDraft() {
  const { c, fileId } = await caseWithFile();
  const { data } = await json<{ data: { jobId: string } }>(await generate(c, fileId), 202);
  const status = await api.finished(data.jobId, c.claimant.token, { timeoutMs: 45_000 });
  expect(status.status).toBe('Completed');
  const draft = (await json<{ data: ClaimDraftView }>(await getDraft(c), 200)).data;
  return { c, fileId, jobId: data.jobId, draft };
}

const auditActions = (entityId: string): Promise<string[]> => auditActionsOf(host, entityId);

/** Placeholders left by the offline model are replaced, so the draft can be filed. */
const fileable = (markdown: string) => markdown.replaceAll('[täydennettävä]', 'Helsinki');

describe('the claim draft', () => {
  it('is empty before any Generate, and is the job’s result afterwards, with its date and version', async () => {
    const { c, fileId } = await caseWithFile();
    expect(await json(await getDraft(c), 200)).toEqual({ data: null });

    const { data } = await json<{ data: { jobId: string } }>(await generate(c, fileId), 202);
    // While the job runs, the draft names it and its state.
    const pending = (await json<{ data: ClaimDraftView }>(await getDraft(c), 200)).data;
    expect(pending).toMatchObject({ jobId: data.jobId, markdown: '', edited: false });
    expect(['Queued', 'Running', undefined]).toContain(pending.jobStatus);

    await api.finished(data.jobId, c.claimant.token, { timeoutMs: 45_000 });
    const response = await getDraft(c);
    const ready = (await json<{ data: ClaimDraftView }>(response, 200)).data;
    const result = await (await call('GET', `/api/dispute/job/${data.jobId}/result`, c.claimant.token)).text();
    expect(ready.markdown).toBe(result);
    expect(ready.markdown).toContain('# KANNE');
    expect(ready).toMatchObject({ jobId: data.jobId, edited: false, generatedAt: expect.any(String) });
    expect(ready.jobStatus).toBeUndefined();
    expect(ready.version).toEqual(expect.any(String));
    expect(response.headers.get('etag')).toBe(`"${ready.version}"`);
  });

  it('keeps an edit, conditional on the version it was made from; a stale version gets the latest (409)', async () => {
    const { c, draft } = await generatedDraft();
    const edited = `${draft.markdown}\nLisäys kantajalta.\n`;
    const saved = (
      await json<{ data: ClaimDraftView }>(
        await call('PUT', draftPath(c), c.claimant.token, { markdown: edited, version: draft.version }),
        200,
      )
    ).data;
    expect(saved).toMatchObject({ markdown: edited, edited: true });
    expect(saved.version).not.toBe(draft.version);
    expect((await json<{ data: ClaimDraftView }>(await getDraft(c), 200)).data.markdown).toBe(edited);

    // Another tab still holding the old version does not overwrite it.
    const stale = await json<{ code: string; message: string; current: ClaimDraftView }>(
      await call('PUT', draftPath(c), c.claimant.token, { markdown: 'vanha', version: draft.version }),
      409,
    );
    expect(stale).toMatchObject({ code: 'conflict', message: CLAIM_DRAFT_MESSAGES.stale });
    expect(stale.current).toMatchObject({ markdown: edited, version: saved.version });
  });

  it('refuses bad input with the field named, and a version-less discard', async () => {
    const { c, draft } = await generatedDraft();
    const missing = await json<{ code: string; fields: Record<string, string> }>(
      await call('PUT', draftPath(c), c.claimant.token, { markdown: 'x' }),
      400,
    );
    expect(missing).toMatchObject({
      code: 'validation_failed',
      fields: { version: CLAIM_DRAFT_MESSAGES.versionRequired },
    });
    const long = await json<{ fields: Record<string, string> }>(
      await call('PUT', draftPath(c), c.claimant.token, { markdown: 'x'.repeat(200_001), version: draft.version }),
      400,
    );
    expect(long.fields.markdown).toBe(CLAIM_DRAFT_MESSAGES.markdownTooLong);
    expect((await call('DELETE', draftPath(c), c.claimant.token)).status).toBe(400);
    // Nothing changed.
    expect((await json<{ data: ClaimDraftView }>(await getDraft(c), 200)).data.version).toBe(draft.version);
  });

  it('is the owner’s alone: another claimant-side user has none, the respondent 403, an outsider 404', async () => {
    const { c, draft } = await generatedDraft();
    expect(await json(await getDraft(c, c.coClaimant.token), 200)).toEqual({ data: null });
    expect(
      (await call('PUT', draftPath(c), c.coClaimant.token, { markdown: 'x', version: draft.version })).status,
    ).toBe(404);
    expect((await getDraft(c, c.respondent.token)).status).toBe(403);
    const outsider = await api.signedInUser({ email: uniqueEmail('outsider') });
    expect(await json(await getDraft(c, outsider.token), 404)).toMatchObject({ code: 'not_found' });
    expect((await call('GET', draftPath(c), undefined)).status).toBe(401);
  });

  it('is discarded conditionally and audited; then there is none', async () => {
    const { c, draft } = await generatedDraft();
    expect((await call('DELETE', `${draftPath(c)}?version=stale`, c.claimant.token)).status).toBe(409);
    expect(
      (await call('DELETE', `${draftPath(c)}?version=${encodeURIComponent(draft.version)}`, c.claimant.token)).status,
    ).toBe(204);
    expect(await json(await getDraft(c), 200)).toEqual({ data: null });
    expect(await auditActions(c.dispute.id)).toContain('DiscardClaimDraft');
  });

  it('Download PDF returns the PDF and files nothing', async () => {
    const { c, draft } = await generatedDraft();
    const response = await call('POST', `${draftPath(c)}/pdf`, c.claimant.token, { markdownContent: draft.markdown });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="Claim_2026-03-\d\d\.pdf"/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const phases = await json<PhaseView[]>(
      await call('GET', `/api/dispute/${c.dispute.id}/phases`, c.claimant.token),
      200,
    );
    expect(phases.find((phase) => phase.type === 'Claim')!.attachments.map((file) => file.fileName)).toEqual([
      'kauppasopimus.pdf',
    ]);
    expect((await call('POST', `${draftPath(c)}/pdf`, c.respondent.token, { markdownContent: 'x' })).status).toBe(403);
    expect(
      await json(await call('POST', `${draftPath(c)}/pdf`, c.claimant.token, { markdownContent: ' ' }), 400),
    ).toMatchObject({
      code: 'validation_failed',
    });
  });

  it('files an unchanged draft once: the second filing names the first, and the draft says where it is', async () => {
    const { c, draft } = await generatedDraft();
    const text = fileable(draft.markdown);
    const saved = (
      await json<{ data: ClaimDraftView }>(
        await call('PUT', draftPath(c), c.claimant.token, { markdown: text, version: draft.version }),
        200,
      )
    ).data;
    expect(saved.filed).toBeUndefined();

    const first = await json<{ data: AttachmentView; phaseId: string; alreadyFiled?: boolean }>(
      await api.post(`/dispute/${c.dispute.id}/saveclaimaspdf`, { markdownContent: text }, c.claimant.token),
      201,
    );
    expect(first.alreadyFiled).toBeUndefined();
    expect(first.phaseId).toBe(c.dispute.activePhaseId);
    const second = await json<{ data: AttachmentView; alreadyFiled?: boolean }>(
      await api.post(`/dispute/${c.dispute.id}/saveclaimaspdf`, { markdownContent: `${text}\n\n` }, c.claimant.token),
      200,
    );
    expect(second).toMatchObject({ alreadyFiled: true, data: { id: first.data.id, fileName: first.data.fileName } });

    const phases = await json<PhaseView[]>(
      await call('GET', `/api/dispute/${c.dispute.id}/phases`, c.claimant.token),
      200,
    );
    const claimFiles = phases.find((phase) => phase.type === 'Claim')!.attachments;
    expect(claimFiles.filter((file) => file.fileName.startsWith('Claim_'))).toHaveLength(1);

    const reread = (await json<{ data: ClaimDraftView }>(await getDraft(c), 200)).data;
    expect(reread.filed).toEqual({
      attachmentId: first.data.id,
      phaseId: c.dispute.activePhaseId,
      fileName: first.data.fileName,
      dateCreated: first.data.dateCreated,
    });
    // An edit makes it a new text: no longer the filed one.
    const changed = (
      await json<{ data: ClaimDraftView }>(
        await call('PUT', draftPath(c), c.claimant.token, { markdown: `${text}\nMuutos.\n`, version: reread.version }),
        200,
      )
    ).data;
    expect(changed.filed).toBeUndefined();
  });
});

describe('Stop', () => {
  it('aborts a running claim job’s model call for its owner only, removes its draft, and audits it', async () => {
    const { c, fileId } = await caseWithFile();
    // A model that answers only when its call is aborted: the job runs until Stop.
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
      const { data } = await json<{ data: { jobId: string } }>(await generate(c, fileId), 202);
      await api.eventually(async () => {
        const view = await json<JobStatusView>(
          await call('GET', `/api/dispute/job/${data.jobId}/status`, c.claimant.token),
          200,
        );
        return view.status === 'Running' && view.progress?.stage === 'drafting';
      }, 'the job reports drafting');

      const stopPath = `/api/dispute/job/${data.jobId}/stop`;
      expect((await call('POST', stopPath, c.respondent.token)).status).toBe(404);
      expect((await call('POST', stopPath, c.coClaimant.token)).status).toBe(404);
      expect((await call('POST', stopPath, undefined)).status).toBe(401);
      expect(await json(await call('POST', stopPath, c.claimant.token), 200)).toEqual({ data: { stopped: true } });

      const status = await api.finished(data.jobId, c.claimant.token, { timeoutMs: 20_000 });
      expect(status).toMatchObject({ status: 'Failed' });
      expect(aborted).toBe(true);
      expect(await json(await getDraft(c), 200)).toEqual({ data: null });
      expect(await auditActions(c.dispute.id)).toContain('StopClaimGeneration');
      // A finished job is not changed: a second Stop answers that nothing was running.
      expect(await json(await call('POST', stopPath, c.claimant.token), 200)).toEqual({ data: { stopped: false } });
    } finally {
      model.complete = original;
    }
  });

  it('answers an unknown job id with the same 404', async () => {
    const c = await api.openCase({ ...FINNISH_CASE });
    const unknown = await call('POST', '/api/dispute/job/00000000-0000-4000-8000-000000000000/stop', c.claimant.token);
    expect(await json(unknown, 404)).toEqual({
      code: 'not_found',
      reason: 'cases.jobNotFound',
      params: {},
      message: 'Job not found.',
    });
  });
});
