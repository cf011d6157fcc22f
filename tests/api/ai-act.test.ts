import {
  AI_USE_MESSAGES,
  type AiLogExport,
  type AiProblemReportView,
  type AwardView,
  type ClaimDraftView,
  type PhaseView,
  type TenantView,
} from '@ratkaisu/core';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import { DIGITAL_SOURCE_TYPES } from '../../functions/src/pdf/ai-marking.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { aiUseOf } from '../../functions/src/services/ai-use/ai-use-details.js';
import { start as startFakeOpenAi, type FakeOpenAi, type FakeResponse } from '../support/fake-openai.js';
import { apiClient, FINNISH_CASE, uniqueEmail, uploadForm, type OpenCase } from './support/api-client.js';
import { CONTRACT_PAGES, makeFinnishPdf } from './support/finnish-pdf.js';
import { readAiMarking } from './support/pdf-ai-marking.js';
import { pdfText } from './support/pdf-text.js';
import { useTestHost } from './support/use-test-host.js';
import { tribunalCases } from './support/tribunal-case.js';
import { auditEntriesOf } from './support/audit-trail.js';
import { dispositiveBlock } from './support/dispositive.js';

/**
 * EU AI Act readiness through the real local host against an OpenAI-compatible endpoint (the
 * fake on loopback, model "decision-model"): every kind of PDF with AI text carries the Art. 50 marking,
 * read back with pdf.js; the AI-use log of a case exported for an authority; problem reports. The oversight
 * figures from a fixture of cases and the retention sweep are in ai-oversight.test.ts.
 */

const clock: Clock = { now: () => new Date() };
let fake: FakeOpenAi;
let contractPdf: Uint8Array<ArrayBuffer>;
const api = apiClient(() => host, clock);
const { call, json } = api;

const DISPOSITIVE = { orders: [{ kind: 'dismissal', text: 'Kanne hylätään.', references: [] }] };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  // Every chapter answers with a page reference; chapter 6 also proposes the dispositive part.
  fake.respondWith((body): FakeResponse | undefined => {
    const ask = [...(body?.messages ?? [])].reverse().find((message) => message.role === 'user')?.content ?? '';
    const chapter = /^Kirjoita seuraavaksi (?:välitystuomion|ratkaisun) luku (\d)/u.exec(ask)?.[1];
    if (!chapter) return undefined;
    return {
      kind: 'completion',
      text: `Luvun ${chapter} teksti [K1 s.1].${chapter === '6' ? dispositiveBlock(DISPOSITIVE) : ''}`,
    };
  });
});
afterAll(async () => {
  await fake?.close();
});
const host = useTestHost(() => ({ OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'decision-model' }));
beforeAll(async () => {
  contractPdf = await makeFinnishPdf([...CONTRACT_PAGES]);
});

const { caseInResolution, draftForSoleArbitrator } = tribunalCases(api, () => host, clock);

async function resolution(c: OpenCase, token: string): Promise<PhaseView> {
  const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${c.dispute.id}/phases`, token), 200);
  return phases.find((phase) => phase.type === 'Resolution')!;
}

async function download(c: OpenCase, token: string, fileId: string): Promise<Uint8Array> {
  const phase = await resolution(c, token);
  const response = await call(
    'GET',
    `/api/dispute/${c.dispute.id}/phases/${phase.id}/attachment/${fileId}/download`,
    token,
  );
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const auditOf = (entityId: string): Promise<AuditDocument[]> => auditEntriesOf(host, entityId);

describe('the Art. 50 marking of AI text', () => {
  it('marks the claim draft in its JSON and in the PDF downloaded and filed: the model’s text, then edited and reviewed', async () => {
    const c = await api.openCase({ ...FINNISH_CASE, name: 'Teräspalkkien toimitus' });
    const [file] = await json<{ id: string }[]>(
      await call(
        'POST',
        `/${c.dispute.id}/phases/${c.dispute.activePhaseId}/attachments`,
        c.claimant.token,
        uploadForm([{ name: 'kauppasopimus.pdf', bytes: contractPdf }]),
      ),
      201,
    );
    fake.enqueue({ kind: 'completion', text: '# Haastehakemus\n\nVastaaja on viivästynyt [K1 s.1].' });
    const { data } = await json<{ data: { jobId: string } }>(
      await call('POST', `/api/dispute/${c.dispute.id}/generateclaim`, c.claimant.token, {
        fileIds: [file!.id],
        settings: { language: 'fi' },
        case_name: c.dispute.name,
        claimant_info: { name: 'Rakennus Oy', contact_info: 'Katu 1, 00100 Helsinki' },
        process_type: 'claim',
      }),
      202,
    );
    const status = await api.finished(data.jobId, c.claimant.token);
    expect(status.status).toBe('Completed');
    // The job's status JSON carries the same provenance as the draft's JSON and the PDF's XMP.
    expect(status.aiProvenance).toMatchObject({
      aiGenerated: true,
      sourceType: 'trainedAlgorithmicMedia',
      digitalSourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia,
      documentKind: 'claimDraft',
      model: 'decision-model',
      aiChapters: ['Kanne'],
      reviewed: false,
    });
    const draft = (
      await json<{ data: ClaimDraftView }>(
        await call('GET', `/api/dispute/${c.dispute.id}/claimdraft`, c.claimant.token),
        200,
      )
    ).data;
    // The first look at the draft is its owner's "opened" in the AI-use log, with the text's hash; looking
    // again writes nothing more.
    await json(await call('GET', `/api/dispute/${c.dispute.id}/claimdraft`, c.claimant.token), 200);
    const opens = (await auditOf(c.dispute.id)).filter((entry) => aiUseOf(entry.details)?.event === 'opened');
    expect(opens).toHaveLength(1);
    expect(opens[0]).toMatchObject({ action: 'OpenAiOutput', userId: c.claimant.user.id });
    const drafted = (await auditOf(c.dispute.id)).find((entry) => entry.action === 'ClaimDrafted')!;
    expect(aiUseOf(opens[0]!.details)).toEqual({
      event: 'opened',
      use: 'claimDraft',
      outputId: c.dispute.id,
      outputSha256: aiUseOf(drafted.details)!.outputSha256,
    });
    expect(draft.aiProvenance).toMatchObject({
      aiGenerated: true,
      sourceType: 'trainedAlgorithmicMedia',
      digitalSourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia,
      documentKind: 'claimDraft',
      model: 'decision-model',
      deployment: expect.stringMatching(/^openai-compatible:127\.0\.0\.1:\d+$/),
      reviewed: false,
    });

    // Downloaded as the model wrote it: wholly AI text, the same fields as the JSON.
    const asWritten = await call('POST', `/api/dispute/${c.dispute.id}/claimdraft/pdf`, c.claimant.token, {
      markdownContent: draft.markdown,
    });
    const written = await readAiMarking(new Uint8Array(await asWritten.arrayBuffer()));
    expect(written.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia);
    expect(written.rai).toMatchObject({
      DocumentKind: 'claimDraft',
      Model: 'decision-model',
      GeneratedAt: draft.aiProvenance!.generatedAt,
      EditedChapters: [],
      Reviewed: 'False',
    });
    expect(written.info.Custom).toMatchObject({ AIGenerated: 'true', AIModel: 'decision-model' });

    // Edited by the claimant and filed: composite, reviewed by the one who filed it.
    const edited = `${draft.markdown.trimEnd()}\n\nKantaja vaatii lisäksi viivästyskorkoa.\n`;
    const filed = await json<{ data: { id: string } }>(
      await call('POST', `/dispute/${c.dispute.id}/saveclaimaspdf`, c.claimant.token, { markdownContent: edited }),
      201,
    );
    const claimPhase = (
      await json<PhaseView[]>(await call('GET', `/api/dispute/${c.dispute.id}/phases`, c.claimant.token), 200)
    ).find((phase) => phase.type === 'Claim')!;
    const stored = await call(
      'GET',
      `/api/dispute/${c.dispute.id}/phases/${claimPhase.id}/attachment/${filed.data.id}/download`,
      c.claimant.token,
    );
    const filedMarking = await readAiMarking(new Uint8Array(await stored.arrayBuffer()));
    expect(filedMarking.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia);
    expect(filedMarking.rai).toMatchObject({ Reviewed: 'True', ReviewedBy: [c.claimant.user.email] });
    expect(filedMarking.info.Subject).toContain('written by AI and edited by people');

    // The generation is in the AI-use log with its input by hash and its output's hash.
    const generated = (await auditOf(c.dispute.id)).find((entry) => entry.action === 'ClaimDrafted')!;
    expect(aiUseOf(generated.details)).toMatchObject({
      event: 'generated',
      use: 'claimDraft',
      model: 'decision-model',
      inputs: { documents: [{ code: 'K1', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }] },
      outputSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The case's export for an authority lists the generation, the first opening and the filing of the
    // edited text (an upload that carries the AI-use part; the case's plain uploads stay out).
    const superAdmin = await api.signedInUser({ email: uniqueEmail('super'), roles: ['SuperAdmin'] });
    const log = await json<AiLogExport>(
      await call('GET', `/api/superadmin/ai-log/${c.dispute.id}`, superAdmin.token),
      200,
    );
    expect(log.entries.map((entry) => `${entry.action}:${entry.event}`)).toEqual([
      'GenerateClaim:GenerateClaim',
      'ClaimDrafted:generated',
      'OpenAiOutput:opened',
      'UploadFile:edited',
    ]);
  });

  it('marks an AI decision (proposal) as wholly AI-written and lets a party report a problem with it', async () => {
    const c = await caseInResolution();
    const admin = await api.signedInUser({ email: uniqueEmail('tenant-admin'), roles: ['User', 'Admin'] });
    // A second administrator reads Finnish: the report reaches each in the account's language.
    const finnishAdmin = await api.signedInUser({
      email: uniqueEmail('tenant-admin-fi'),
      roles: ['User', 'Admin'],
      language: 'fi',
    });
    const started = await json<{ data: { jobId: string; attachmentId: string } }>(
      await call('POST', `/api/dispute/${c.dispute.id}/generatedecision`, c.claimant.token, {}),
      202,
    );
    expect((await api.finished(started.data.jobId, c.claimant.token)).status).toBe('Completed');
    const awardId = started.data.attachmentId;
    const view = (
      await json<{ data: AwardView }>(
        await call('GET', `/api/dispute/${c.dispute.id}/award/${awardId}`, c.respondent.token),
        200,
      )
    ).data;
    expect(view.aiProvenance).toMatchObject({
      sourceType: 'trainedAlgorithmicMedia',
      documentKind: 'aiDecision',
      reviewed: false,
    });

    const bytes = await download(c, c.respondent.token, awardId);
    // Each person's first opening of the version is an "opened" event with the PDF's hash; again, nothing.
    await download(c, c.respondent.token, awardId);
    await download(c, c.claimant.token, awardId);
    const opened = (await auditOf(c.dispute.id)).filter((entry) => aiUseOf(entry.details)?.event === 'opened');
    expect(opened.map((entry) => entry.userId)).toEqual([c.respondent.user.id, c.claimant.user.id]);
    const pdfSha256 = createHash('sha256').update(bytes).digest('hex');
    for (const entry of opened) {
      expect(entry.action).toBe('ReceiveDecision');
      expect(aiUseOf(entry.details)).toMatchObject({
        use: 'decision',
        outputId: awardId,
        version: 1,
        outputSha256: pdfSha256,
      });
    }
    const marking = await readAiMarking(bytes);
    expect(marking.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia);
    expect(marking.rai).toMatchObject({
      DocumentKind: 'aiDecision',
      Model: 'decision-model',
      GeneratedAt: view.aiProvenance!.generatedAt,
      AIChapters: view.chapters.map((chapter) => chapter.heading),
      EditedChapters: [],
      Reviewed: 'False',
      ReviewedBy: [],
    });
    expect(marking.info.Creator).toBe('Ratkaisu AI (decision-model)');

    // Report a problem: refused without a description, then logged and mailed to the tenant's administrators.
    const bare = await call('POST', `/api/dispute/${c.dispute.id}/ai-problem-reports`, c.respondent.token, {
      output: 'aiDecision',
      outputId: awardId,
      kind: 'reference',
      description: 'x',
    });
    expect((await json<{ message: string }>(bare, 400)).message).toBe(AI_USE_MESSAGES.describeProblem);
    const outsider = await api.signedInUser({ email: uniqueEmail('outsider') });
    await json(
      await call('POST', `/api/dispute/${c.dispute.id}/ai-problem-reports`, outsider.token, {
        output: 'aiDecision',
        outputId: awardId,
        kind: 'reference',
        description: 'Viittaus ei pidä paikkaansa.',
      }),
      404,
    );
    const report = await json<{ data: AiProblemReportView }>(
      await call('POST', `/api/dispute/${c.dispute.id}/ai-problem-reports`, c.respondent.token, {
        output: 'aiDecision',
        outputId: awardId,
        kind: 'reference',
        location: 'Luku 3, s. 2',
        description: 'Viittaus [K1 s.1] ei tue väitettä toimituspäivästä.',
      }),
      201,
    );
    expect(report.data).toMatchObject({ kind: 'reference', reporter: { role: 'respondent' } });
    const entry = (await auditOf(c.dispute.id)).find((e) => e.action === 'ReportAiProblem')!;
    expect(entry).toMatchObject({ userId: c.respondent.user.id, tenantId: 'default' });
    expect(aiUseOf(entry.details)?.report).toMatchObject({ location: 'Luku 3, s. 2', role: 'respondent' });
    const mail = api.mailsTo(admin.user.email).join('\n');
    expect(mail).toContain('A problem was reported with the AI output (aiDecision)');
    expect(mail).toContain('Luku 3, s. 2');
    // mailsTo decodes quoted-printable byte by byte: read those bytes as UTF-8 again.
    const finnishMail = api.mailsTo(finnishAdmin.user.email).join('\n');
    expect(finnishMail).toContain('Tekoälyn tekstistä (tekoälyratkaisu) ilmoitettiin ongelma');
    expect(finnishMail).toContain('Ilmoittaja: ' + c.respondent.user.email + ' (vastaaja)');
  });

  it('marks the public generator’s proposal, and takes a problem report from whoever holds the job id', async () => {
    const response = await host.fetch('/api/dispute/generatedecisionanonymous', {
      method: 'POST',
      body: uploadForm([{ name: 'Kauppasopimus.pdf', bytes: contractPdf }], { field: 'files' }),
    });
    const { jobId } = await json<{ jobId: string }>(response, 202);
    const status = await api.finished(jobId, undefined, { timeoutMs: 120_000 });
    expect(status.status).toBe('Completed');
    const result = await call('GET', `/api/dispute/job/${jobId}/result`);
    const marking = await readAiMarking(new Uint8Array(await result.arrayBuffer()));
    // The job's JSON says what the PDF's XMP says (Art. 50): the same fields as the other AI JSON.
    expect(status.aiProvenance).toEqual({
      aiGenerated: true,
      sourceType: 'trainedAlgorithmicMedia',
      digitalSourceType: DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia,
      documentKind: 'anonymousDecision',
      model: 'decision-model',
      deployment: expect.stringMatching(/^openai-compatible:/),
      generatedAt: marking.rai.GeneratedAt,
      aiChapters: marking.rai.AIChapters,
      editedChapters: [],
      reviewed: false,
      reviewedBy: [],
    });
    expect(status.aiProvenance!.aiChapters).toHaveLength(7);
    expect(marking.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia);
    expect(marking.rai).toMatchObject({
      DocumentKind: 'anonymousDecision',
      Model: 'decision-model',
      Reviewed: 'False',
    });
    expect(marking.info.Custom).toMatchObject({ AIGenerated: 'true', AIReviewed: 'false' });

    const drafted = (await auditOf(jobId)).find((entry) => entry.action === 'DecisionDrafted')!;
    expect(aiUseOf(drafted.details)).toMatchObject({
      event: 'generated',
      use: 'anonymousDecision',
      inputs: { documents: [{ code: 'A1', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }] },
    });
    await json(
      await call('POST', `/api/dispute/job/${jobId}/ai-problem-reports`, undefined, {
        output: 'anonymousDecision',
        outputId: jobId,
        kind: 'law',
        description: 'Ratkaisu soveltaa väärää lakia.',
      }),
      201,
    );
    await json(
      await call('POST', `/api/dispute/job/00000000-0000-4000-8000-000000000000/ai-problem-reports`, undefined, {
        output: 'anonymousDecision',
        outputId: '00000000-0000-4000-8000-000000000000',
        kind: 'law',
        description: 'Ratkaisu soveltaa väärää lakia.',
      }),
      404,
    );
  });

  it('marks the issued award as AI text people edited, names its reviewers, and exports the case’s AI-use log', async () => {
    const { c, id, awardId, arbitrator } = await draftForSoleArbitrator();
    const draft = (
      await json<{ data: AwardView }>(await call('GET', `/api/dispute/${id}/award/${awardId}`, arbitrator.token), 200)
    ).data;
    expect(draft.aiProvenance).toMatchObject({ documentKind: 'draftAward', sourceType: 'trainedAlgorithmicMedia' });
    // The member opens chapter 3 twice on the review screen: one "opened" event, with that chapter's text's hash.
    for (let time = 0; time < 2; time++) {
      await json(await call('POST', `/api/dispute/${id}/award/${awardId}/chapters/3/open`, arbitrator.token), 200);
    }
    const chapters = draft.chapters.map((chapter, index) =>
      index === 5 ? { ...chapter, text: 'Vastaaja ei ole näyttänyt viivästystä [K1 s.1]. Kanne hylätään.' } : chapter,
    );
    await json(
      await call('PUT', `/api/dispute/${id}/award/${awardId}`, arbitrator.token, {
        baseVersion: 1,
        chapters,
        dispositive: DISPOSITIVE,
      }),
      200,
    );
    await api.readyToAdopt(id, c.claimant.token, c.respondent.token, arbitrator.token);
    const adopted = await json<{ data: AwardView }>(
      await call('POST', `/api/dispute/${id}/award/${awardId}/adopt`, arbitrator.token, {
        version: 2,
        confirmMismatches: true,
      }),
      200,
    );
    const issued = await json<{ data: AwardView }>(
      await call('POST', `/api/dispute/${id}/award/${awardId}/sign`, arbitrator.token, {
        password: 'user password 1',
        pdfSha256: adopted.data.pdfSha256,
      }),
      200,
    );
    expect(issued.data.status).toBe('Issued');

    const marking = await readAiMarking(await download(c, c.claimant.token, awardId));
    expect(marking.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia);
    expect(marking.rai).toMatchObject({
      DocumentKind: 'award',
      Model: 'decision-model',
      EditedChapters: [draft.chapters[5]!.heading],
      Reviewed: 'True',
      ReviewedBy: ['OTT Maija Virtanen'],
    });
    expect(marking.info.Custom).toMatchObject({
      AIDigitalSourceType: DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia,
      AIReviewedBy: 'OTT Maija Virtanen',
    });

    // The AI-use log of this case, for an authority: JSON, then the readable PDF.
    const superAdmin = await api.signedInUser({ email: uniqueEmail('super'), roles: ['SuperAdmin'] });
    await json(await call('GET', `/api/superadmin/ai-log/${id}`, c.claimant.token), 403);
    const exported = await call('GET', `/api/superadmin/ai-log/${id}`, superAdmin.token);
    expect(exported.headers.get('content-disposition')).toContain('.json');
    const log = await json<AiLogExport>(exported, 200);
    expect(log.dispute).toMatchObject({ id, caseNumber: issued.data.caseNumber });
    expect(log.retentionMonths).toBe(6);
    expect(log.chain).toMatchObject({ id: 'default', headHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const events = log.entries.map((entry) => `${entry.action}:${entry.event}`);
    expect(events).toEqual(
      expect.arrayContaining([
        'GenerateDecision:GenerateDecision',
        'DecisionDrafted:generated',
        'ReviewAwardChapter:opened',
        'EditAward:edited',
        'AdoptAward:adopted',
      ]),
    );
    const chapterOpens = log.entries.filter((entry) => entry.event === 'opened' && entry.use?.use === 'chapter');
    expect(chapterOpens).toHaveLength(1);
    expect(chapterOpens[0]).toMatchObject({ actor: arbitrator.user.email });
    expect(chapterOpens[0]!.use).toEqual({
      event: 'opened',
      use: 'chapter',
      outputId: awardId,
      version: 1,
      chapters: [2],
      outputSha256: createHash('sha256').update(draft.chapters[2]!.text, 'utf8').digest('hex'),
    });
    // The claimant's first opening of the issued award is its receipt and the AI-use log's "opened" of the award.
    const awardOpens = log.entries.filter((entry) => entry.event === 'opened' && entry.use?.use === 'award');
    expect(awardOpens).toHaveLength(1);
    expect(awardOpens[0]).toMatchObject({ action: 'ReceiveDecision', actor: c.claimant.user.email });
    expect(awardOpens[0]!.use).toMatchObject({ outputId: awardId, outputSha256: issued.data.pdfSha256 });
    const generated = log.entries.find((entry) => entry.event === 'generated')!;
    expect(generated.use).toMatchObject({
      model: 'decision-model',
      deployment: expect.stringMatching(/^openai-compatible:/),
      inputs: {
        settingsSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        documents: [
          { code: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
          { code: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
        ],
      },
      outputSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(log.entries.find((entry) => entry.event === 'edited')!.use).toMatchObject({ chapters: [5], version: 2 });
    expect(log.entries.every((entry) => typeof entry.seq === 'number' && /^[0-9a-f]{64}$/.test(entry.hash ?? ''))).toBe(
      true,
    );

    const pdf = await call('GET', `/api/superadmin/ai-log/${id}?format=pdf`, superAdmin.token);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const flowing = text.replace(/\s+/g, ' ');
    expect(flowing).toContain('AI-use log');
    expect(flowing).toContain(issued.data.caseNumber);
    expect(flowing).toContain('decision-model');
    // The export is itself audited.
    expect((await auditOf(id)).some((entry) => entry.action === 'ExportAiLog')).toBe(true);
  });
});

describe('the AI-use log’s retention setting', () => {
  it('is at least six months, set per tenant by its administrator', async () => {
    const admin = await api.signedInUser(
      { email: uniqueEmail('retention-admin'), roles: ['User', 'Admin'] },
      { ownTenant: true },
    );
    const path = `/api/superadmin/tenants/${admin.user.tenantId}/ai-log-retention`;
    const short = await call('PUT', path, admin.token, { months: 5 });
    expect((await json<{ message: string }>(short, 400)).message).toBe(AI_USE_MESSAGES.retentionTooShort);
    const set = await json<TenantView>(await call('PUT', path, admin.token, { months: 24 }), 200);
    expect(set.aiLogRetentionMonths).toBe(24);
    // Another tenant's administrator cannot change it.
    const other = await api.signedInUser(
      { email: uniqueEmail('other-admin'), roles: ['User', 'Admin'] },
      { ownTenant: true },
    );
    await json(await call('PUT', path, other.token, { months: 6 }), 404);
  });
});
