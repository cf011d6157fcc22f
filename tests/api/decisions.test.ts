import { randomUUID } from 'node:crypto';
import { DEFAULT_CHAPTER_HEADINGS, DEFAULT_CHAPTER_PROMPTS, type DisputeView, type PhaseView } from '@ratkaisu/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { AuditDocument } from '../../functions/src/services/audit/audit-document.js';
import type { DisputeDocument } from '../../functions/src/services/disputes/dispute-document.js';
import type { JobDocument } from '../../functions/src/services/jobs/job-document.js';
import { start as startFakeOpenAi, type ChatBody, type FakeOpenAi, type FakeResponse } from '../support/fake-openai.js';
import { apiClient, FINNISH_CASE, uploadForm, type OpenCase } from './support/api-client.js';
import { CONTRACT_PAGES, makeFinnishPdf, makeLongPdf, NOTICE_PAGES } from './support/finnish-pdf.js';
import { pdfText } from './support/pdf-text.js';
import { seedSignedInUser } from './support/seed-user.js';
import { startTestHost, type TestHost } from './support/start-host.js';

/**
 * The decision on a case through the real local host: generatedecision and
 * stopdecisiongeneration, the decision job and its attachment, the seven
 * chapters in two rounds against a fake OpenAI-compatible server (settings,
 * identical prefixes, 429, a reasoning model, a stop mid-generation), the
 * dossier path for a 300-page case, citation checking, and the offline PDF.
 */

const clock: Clock = { now: () => new Date() };

type Case = OpenCase;

let contractPdf: Uint8Array<ArrayBuffer>;
let noticePdf: Uint8Array<ArrayBuffer>;
let answerPdf: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  contractPdf = await makeFinnishPdf([...CONTRACT_PAGES]);
  noticePdf = await makeFinnishPdf([...NOTICE_PAGES]);
  answerPdf = await makeFinnishPdf([
    'VASTAUS\n\nVastaaja Teräs Oy kiistää kanteen. Toimitus viivästyi lakon vuoksi, mikä oli ylivoimainen este. ' +
      'Vastaaja katsoo, ettei sopimussakkoa ole maksettava.',
  ]);
});

function client(getHost: () => TestHost) {
  const api = apiClient(getHost, clock);
  const { call, json } = api;

  async function upload(c: Case, token: string, files: { name: string; bytes: Uint8Array<ArrayBuffer> }[]) {
    const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${c.dispute.id}/phases`, token), 200);
    const active = phases.at(-1)!;
    await json(await call('POST', `/${c.dispute.id}/phases/${active.id}/attachments`, token, uploadForm(files)), 201);
  }

  const advance = (c: Case, phaseType: string, token: string) =>
    call('POST', `/api/dispute/${c.dispute.id}/phase/${phaseType}`, token);

  /** A case with the claimant's files in Claim, the respondent's answer in Response, ended into Resolution. */
  async function caseInResolution(claimFiles = [{ name: 'Kauppasopimus.pdf', bytes: contractPdf }]): Promise<Case> {
    const c = await api.openCase(FINNISH_CASE);
    const { claimant, respondent } = c;
    await upload(c, claimant.token, claimFiles);
    await json(await advance(c, 'Response', claimant.token), 200);
    await upload(c, respondent.token, [{ name: 'Vastaus.pdf', bytes: answerPdf }]);
    await json(await advance(c, 'ClaimantLetter1', respondent.token), 200);
    await json(await advance(c, 'Resolution', claimant.token), 200);
    return c;
  }

  const generate = (c: Case, token: string, body: unknown = {}) =>
    call('POST', `/api/dispute/${c.dispute.id}/generatedecision`, token, body);

  async function start(c: Case, body: unknown = {}): Promise<{ jobId: string; attachmentId: string }> {
    const answer = await json<{ data: { jobId: string; attachmentId: string } }>(
      await generate(c, c.claimant.token, body),
      202,
    );
    return answer.data;
  }

  const stop = (c: Case, token: string) => call('POST', `/api/dispute/${c.dispute.id}/stopdecisiongeneration`, token);

  async function resolution(c: Case, token = c.claimant.token): Promise<PhaseView> {
    const phases = await json<PhaseView[]>(await call('GET', `/api/dispute/${c.dispute.id}/phases`, token), 200);
    return phases.find((phase) => phase.type === 'Resolution')!;
  }

  const finished = (jobId: string, token: string, timeoutMs?: number) =>
    api.finished(jobId, token, timeoutMs ? { timeoutMs } : {});

  async function decisionPdf(c: Case, attachmentId: string, token = c.claimant.token): Promise<Uint8Array> {
    const phase = await resolution(c, token);
    const response = await call(
      'GET',
      `/api/dispute/${c.dispute.id}/phases/${phase.id}/attachment/${attachmentId}/download`,
      token,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    return new Uint8Array(await response.arrayBuffer());
  }

  return { call, json, caseInResolution, upload, advance, generate, start, stop, resolution, finished, decisionPdf };
}

/**
 * Runs a host whose model is the fake OpenAI-compatible server, `decision-model`,
 * for the enclosing describe block, and hands both over once they are up.
 */
function withFakeModel(env: Record<string, string>, started: (host: TestHost, fake: FakeOpenAi) => void): void {
  let host: TestHost | undefined;
  let fake: FakeOpenAi | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    host = await startTestHost({ OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'decision-model', ...env });
    started(host, fake);
  });
  afterAll(async () => {
    await host?.stop();
    await fake?.close();
  });
}

/** Which chapter (1–7) a chapter request asks for, or undefined for another call (a summary). */
function chapterOf(body: ChatBody | undefined): number | undefined {
  const last = body?.messages?.at(-1)?.content ?? '';
  const match = /^Kirjoita seuraavaksi välitystuomion luku (\d)/u.exec(last);
  return match ? Number(match[1]) : undefined;
}

describe('decisions with the offline model', () => {
  let host: TestHost;
  const api = client(() => host);

  beforeAll(async () => {
    host = await startTestHost();
  });
  afterAll(async () => {
    await host?.stop();
  });

  it('drafts the decision PDF on a case: attachment, status, every heading, the frame, acceptance by both parties, receipts, audit', async () => {
    const c = await api.caseInResolution([
      { name: 'Kauppasopimus.pdf', bytes: contractPdf },
      { name: 'Reklamaatio.pdf', bytes: noticePdf },
    ]);
    const { jobId, attachmentId } = await api.start(c);

    const generating = (await api.resolution(c)).attachments.find((file) => file.id === attachmentId);
    expect(generating).toMatchObject({
      status: 'Generating',
      fileName: expect.stringMatching(/^Decision_\d{4}-\d\d-\d\d\.pdf$/),
    });

    const view = await api.finished(jobId, c.respondent.token);
    expect(view.status).toBe('Completed');
    const done = (await api.resolution(c, c.respondent.token)).attachments.find((file) => file.id === attachmentId);
    expect(done).toMatchObject({ status: 'Completed', size: expect.any(Number) });
    const dispute = await api.json<DisputeView>(
      await api.call('GET', `/api/dispute/${c.dispute.id}`, c.claimant.token),
      200,
    );
    // An AI decision does not resolve the case by itself (ARCHITECTURE.md "The tribunal").
    expect(dispute.status).toBe('InProgress');
    expect(dispute.caseNumber).toMatch(/^RAT-\d{4}-\d{6}$/);
    expect(done).toMatchObject({ decisionKind: 'aiDecision' });

    const { text } = await pdfText(await api.decisionPdf(c, attachmentId, c.respondent.token));
    const flat = text.replace(/\s+/g, ' ');
    // The offline model's output is an extract for testing the workflow: no award title, no signature lines.
    expect(flat).toContain('AINEISTOOTE (TESTIKÄYTTÖ)');
    expect(flat).not.toContain('VÄLITYSTUOMIO');
    expect(flat).not.toContain('Allekirjoitukset');
    expect(flat).toContain(dispute.caseNumber!);
    DEFAULT_CHAPTER_HEADINGS.forEach((heading, index) => expect(flat).toContain(`${index + 1}. ${heading}`));
    for (const expected of [
      'Teräspalkkien viivästynyt toimitus',
      'Rakennus Oy',
      'Teräs Oy',
      '1234567-8',
      'Helsinki',
      'Liite 1: Käsitellyt asiakirjat',
      'Menettelyn vaiheet',
      'Asia tuli vireille palvelussa',
      'Asiamies',
      'Ilman kielimallia koottuun aineistootteeseen ei sisälly lopputulosta',
      'Kauppasopimus.pdf',
      'Reklamaatio.pdf',
      'Vastaus.pdf',
      'Kanne',
      'Vastaus',
      'ilman kielimallia',
      'Liite 2: Tekoälyn käyttö',
      'Liite 3: Tarkistamattomat viittaukset',
    ]) {
      expect(flat).toContain(expected);
    }
    // The respondent's answer is V1; the claimant's second file K2; the chapters quote them with references.
    expect(flat).toMatch(/\[V1 s\.1\]/);
    expect(flat).toMatch(/\[K\d s\.\d\]/);

    // The job's own result is the same decision, as decision.pdf.
    const result = await api.call('GET', `/api/dispute/job/${jobId}/result`, c.claimant.token);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-disposition')).toContain('decision.pdf');

    const audit = await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'entityId', op: '=', value: c.dispute.id }], limit: 100 });
    expect(audit.items.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['GenerateDecision', 'DecisionDrafted', 'ReceiveDecision']),
    );

    // The respondent's download above is its receipt; both parties can read the settings used.
    const received = (await api.resolution(c)).attachments.find((file) => file.id === attachmentId);
    expect(received?.receipts?.map((receipt) => receipt.side)).toEqual(['respondent']);
    const settings = await api.json<{ data: { settings: { temperature: number }; setBy: { side: string } } }>(
      await api.call('GET', `/api/dispute/${c.dispute.id}/award/${attachmentId}/settings`, c.respondent.token),
      200,
    );
    expect(settings.data.setBy.side).toBe('claimant');
    expect(settings.data.settings.temperature).toBe(0);

    // Both parties accept: then, and only then, the case is Resolved.
    const first = await api.json<{ data: { acceptedBy: string[]; resolved: boolean } }>(
      await api.call('POST', `/api/dispute/${c.dispute.id}/award/${attachmentId}/accept`, c.claimant.token),
      200,
    );
    expect(first.data).toEqual({ acceptedBy: ['claimant'], resolved: false });
    await api.json(
      await api.call('POST', `/api/dispute/${c.dispute.id}/award/${attachmentId}/accept`, c.claimant.token),
      409,
    );

    // A new decision may be asked for once the last one has finished.
    const again = await api.start(c);
    expect((await api.finished(again.jobId, c.claimant.token)).status).toBe('Completed');
    const second = await api.json<{ data: { acceptedBy: string[]; resolved: boolean } }>(
      await api.call('POST', `/api/dispute/${c.dispute.id}/award/${attachmentId}/accept`, c.respondent.token),
      200,
    );
    expect(second.data).toEqual({ acceptedBy: ['claimant', 'respondent'], resolved: true });
    const resolved = await api.json<DisputeView>(
      await api.call('GET', `/api/dispute/${c.dispute.id}`, c.claimant.token),
      200,
    );
    expect(resolved.status).toBe('Resolved');
  });

  it('refuses before Resolution, for outsiders, twice at once, and with invalid settings', async () => {
    const c = await api.caseInResolution();
    const outsider = await seedSignedInUser(host, clock, { email: `outsider-${randomUUID().slice(0, 8)}@example.fi` });
    expect(await api.json(await api.generate(c, outsider.token), 404)).toMatchObject({ message: 'Case not found.' });
    expect((await api.generate(c, '')).status).toBe(401);

    const six = { settings: { chapterPrompts: DEFAULT_CHAPTER_PROMPTS.slice(0, 6) } };
    expect(await api.json(await api.generate(c, c.claimant.token, six), 400)).toMatchObject({
      message: expect.stringContaining('exactly 7 chapter prompts'),
    });
    const empty = { chapterPrompts: DEFAULT_CHAPTER_PROMPTS.map((prompt, i) => (i === 3 ? '  ' : prompt)) };
    expect(await api.json(await api.generate(c, c.claimant.token, empty), 400)).toMatchObject({
      message: expect.stringContaining('Every chapter prompt must have text.'),
    });
    expect(await api.json(await api.generate(c, c.claimant.token, { temperature: 1.5 }), 400)).toMatchObject({
      message: expect.stringContaining('between 0 and 1'),
    });
    expect((await api.resolution(c)).attachments).toEqual([]);

    // Two requests at once: one generation per case.
    const [first, second] = await Promise.all([api.generate(c, c.claimant.token), api.generate(c, c.respondent.token)]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const refused = first.status === 409 ? first : second;
    expect(await refused.json()).toMatchObject({ message: 'A decision is already being generated for this case.' });
    expect((await api.resolution(c)).attachments.filter((file) => file.status === 'Generating')).toHaveLength(1);
  });

  it('is refused before the Resolution phase exists', async () => {
    const respondentEmail = `respondent-${randomUUID().slice(0, 8)}@example.fi`;
    const claimant = await seedSignedInUser(host, clock, { email: `claimant-${randomUUID().slice(0, 8)}@example.fi` });
    const dispute = await api.json<DisputeView>(
      await api.call('POST', '/api/dispute', claimant.token, {
        id: randomUUID(),
        name: 'Kesken',
        description: 'Ei vielä ratkaisuvaiheessa.',
        claimant: { name: 'A Oy', identificationNumber: '1111111-1', email: 'a@example.fi', address: 'Katu 1' },
        respondent: { name: 'B Oy', identificationNumber: '2222222-2', email: respondentEmail, address: 'Katu 2' },
      }),
      201,
    );
    const response = await api.call('POST', `/api/dispute/${dispute.id}/generatedecision`, claimant.token, {});
    expect(await api.json(response, 409)).toMatchObject({
      message: 'A decision can be created once the case has reached the Resolution phase.',
    });
  });
});

describe('decisions against an OpenAI-compatible endpoint', () => {
  let host: TestHost;
  let fake: FakeOpenAi;
  const api = client(() => host);
  withFakeModel({ MODEL_MAX_RETRIES: '2', MODEL_CONCURRENCY: '4' }, (started, server) => {
    host = started;
    fake = server;
  });

  /** Answers each chapter with its number and a reference; `extra` adds text to chosen chapters. */
  function chapters(options: { delayMs?: number; extra?: Record<number, string> } = {}) {
    fake.respondWith((body): FakeResponse | undefined => {
      const chapter = chapterOf(body);
      if (!chapter) return undefined;
      return {
        kind: 'completion',
        text: `## ${chapter}. Otsikko\n\nLuvun ${chapter} teksti. Kauppahinta oli 12 400 euroa [K1 s.1]. ${options.extra?.[chapter] ?? ''}`,
        usage: { prompt_tokens: 1000, completion_tokens: 50, cached_tokens: chapter === 1 ? 0 : 900 },
        ...(options.delayMs ? { delayMs: options.delayMs } : {}),
      };
    });
  }

  it('writes seven chapters in two parallel rounds with the settings and one shared prefix', async () => {
    const c = await api.caseInResolution();
    fake.requests.length = 0;
    chapters({ delayMs: 300 });
    const { jobId, attachmentId } = await api.start(c, { settings: { temperature: 0.3, top_p: 0.8 } });
    const view = await api.finished(jobId, c.claimant.token);
    expect(view.status, view.errorMessage).toBe('Completed');

    const requests = fake.requests;
    expect(requests).toHaveLength(7);
    for (const request of requests) {
      expect(request.body).toMatchObject({ model: 'decision-model', temperature: 0.3, top_p: 0.8 });
    }
    const byChapter = new Map(requests.map((request) => [chapterOf(request.body)!, request]));
    expect([...byChapter.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Identical prefix: the instructions and the case file, the same two messages in every call.
    const prefix = JSON.stringify(requests[0]!.body!.messages!.slice(0, 2));
    for (const request of requests) expect(JSON.stringify(request.body!.messages!.slice(0, 2))).toBe(prefix);
    const caseFile = requests[0]!.body!.messages![1]!.content;
    expect(caseFile).toContain('<asiakirja tunnus="K1" tiedosto="Kauppasopimus.pdf" sivuja="2" vaihe="Kanne">');
    expect(caseFile).toContain('<asiakirja tunnus="V1" tiedosto="Vastaus.pdf" sivuja="1" vaihe="Vastaus">');
    expect(caseFile).toContain('- Kantaja: Rakennus Oy');
    // The chapter prompt comes last.
    for (const [chapter, request] of byChapter) {
      expect(request.body!.messages!.at(-1)!.content).toContain(DEFAULT_CHAPTER_PROMPTS[chapter - 1]!);
    }

    // Two rounds: 1–4 together, then 5–7 together with chapters 1–4 before them.
    const firstRound = [1, 2, 3, 4].map((chapter) => byChapter.get(chapter)!.receivedAt);
    const secondRound = [5, 6, 7].map((chapter) => byChapter.get(chapter)!.receivedAt);
    expect(Math.max(...firstRound) - Math.min(...firstRound)).toBeLessThan(250);
    expect(Math.min(...secondRound) - Math.max(...firstRound)).toBeGreaterThanOrEqual(250);
    expect(Math.max(...secondRound) - Math.min(...secondRound)).toBeLessThan(250);
    for (const chapter of [5, 6, 7]) {
      const messages = byChapter.get(chapter)!.body!.messages!;
      expect(messages).toHaveLength(4);
      expect(messages[2]!.role).toBe('assistant');
      for (const earlier of [1, 2, 3, 4]) expect(messages[2]!.content).toContain(`Luvun ${earlier} teksti.`);
    }
    for (const chapter of [1, 2, 3, 4]) expect(byChapter.get(chapter)!.body!.messages).toHaveLength(3);

    // The PDF names the model and settings and prints each chapter under the award's own heading.
    const { text } = await pdfText(await api.decisionPdf(c, attachmentId));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Kielimalli: decision-model');
    expect(flat).toContain('temperature 0.3, top_p 0.8');
    for (let chapter = 1; chapter <= 7; chapter++) {
      expect(flat).toContain(`${chapter}. ${DEFAULT_CHAPTER_HEADINGS[chapter - 1]} Luvun ${chapter} teksti.`);
    }
    expect(flat).not.toContain('Otsikko');
    expect(view.details?.join(' ')).toContain('served from the cache');
  });

  it('flags a fabricated page reference and a misquote, in the details and the appendix', async () => {
    const c = await api.caseInResolution();
    chapters({
      extra: {
        2: 'Toimitus oli sovittu viikolle 9 [K1 s.9].',
        5: 'Sopimuksessa todetaan ”myyjä vastaa kaikista välillisistä vahingoista” [K1 s.1].',
        6: 'Sopimuksen mukaan ”Palkit toimitetaan viimeistään 1.3.2026” [K1 s.1].',
      },
    });
    const { jobId, attachmentId } = await api.start(c);
    const view = await api.finished(jobId, c.claimant.token);
    expect(view.status).toBe('Completed');
    const note = view.details?.find((detail) => detail.includes('could not be verified'));
    expect(note).toContain('[K1 s.9] (chapter 2)');
    expect(note).toContain('[K1 s.1] (chapter 5)');
    expect(note).not.toContain('chapter 6');

    const { text } = await pdfText(await api.decisionPdf(c, attachmentId));
    const flat = text.replace(/\s+/g, ' ');
    // An AI decision from a model: titled as what it is, with no signature lines.
    expect(flat).toContain('TEKOÄLYN RATKAISUEHDOTUS');
    expect(flat).toContain('ei ole välimiesmenettelystä annetun lain (967/1992) mukainen välitystuomio');
    expect(flat).not.toContain('Allekirjoitukset');
    // Each flagged reference is marked where it stands, and listed in the annex under its mark.
    expect(flat).toContain('[K1 s.9]⁽¹⁾');
    const appendix = flat.slice(flat.indexOf('Liite 3: Tarkistamattomat viittaukset'));
    expect(appendix).toContain('⁽¹⁾ 2 [K1 s.9]');
    expect(appendix).toContain('[K1 s.9]');
    expect(appendix).toContain('myyjä vastaa kaikista välillisistä vahingoista');
    expect(appendix).not.toContain('Palkit toimitetaan');
  });

  it('waits as a 429 asks and goes on', async () => {
    const c = await api.caseInResolution();
    fake.requests.length = 0;
    chapters();
    fake.enqueue({ kind: 'error', status: 429, headers: { 'retry-after': '1' } });
    const { jobId } = await api.start(c);
    expect((await api.finished(jobId, c.claimant.token)).status).toBe('Completed');
    expect(fake.requests).toHaveLength(8);
    const refused = fake.requests[0]!;
    const retried = fake.requests.find(
      (request, index) => index > 0 && chapterOf(request.body) === chapterOf(refused.body),
    )!;
    expect(retried.receivedAt - refused.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it('leaves temperature and top_p out for a deployment that refuses them, and says so', async () => {
    const c = await api.caseInResolution();
    fake.requests.length = 0;
    chapters();
    fake.enqueue({
      kind: 'error',
      status: 400,
      body: {
        error: {
          message: "Unsupported parameter: 'temperature' is not supported with this model.",
          type: 'invalid_request_error',
        },
      },
    });
    const { jobId, attachmentId } = await api.start(c);
    const view = await api.finished(jobId, c.claimant.token);
    expect(view.status).toBe('Completed');
    expect(view.details?.join(' ')).toContain('does not accept temperature and top_p');
    const answered = fake.requests.slice(1);
    expect(answered).toHaveLength(7);
    for (const request of answered.slice(-3)) {
      expect(request.body).not.toHaveProperty('temperature');
      expect(request.body).not.toHaveProperty('top_p');
    }
    const { text } = await pdfText(await api.decisionPdf(c, attachmentId));
    expect(text.replace(/\s+/g, ' ')).toContain('Malli ei hyväksy temperature- ja top_p-asetuksia');
  });

  it('stops within seconds in mid-generation: no later calls, no PDF, the stop recorded', async () => {
    const c = await api.caseInResolution();
    fake.requests.length = 0;
    fake.respondWith(() => ({ kind: 'hang' }));
    const { jobId, attachmentId } = await api.start(c);
    const deadline = Date.now() + 20_000;
    while (fake.requests.length < 4) {
      if (Date.now() > deadline) throw new Error('The first round never started');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stopped = await api.json<{ data: { stopped: boolean } }>(await api.stop(c, c.respondent.token), 200);
    expect(stopped).toEqual({ data: { stopped: true, attachmentId } });
    const after = (await api.resolution(c)).attachments.find((file) => file.id === attachmentId);
    expect(after).toMatchObject({ status: 'Failed', errorMessage: 'Generation was stopped.' });

    const started = Date.now();
    const view = await api.finished(jobId, c.claimant.token, 10_000);
    expect(view).toMatchObject({ status: 'Failed', errorMessage: 'Generation was stopped.' });
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(fake.requests).toHaveLength(4);
    const stored = await host.deps.store.collection<DisputeDocument>('disputes').read(c.dispute.id, c.dispute.id);
    const file = stored!.phases.flatMap((phase) => phase.attachments).find((item) => item.id === attachmentId);
    expect(file?.blobName).toBeUndefined();
    expect(stored!.status).not.toBe('Resolved');

    // Stopping again, or when nothing runs, changes nothing.
    expect(await api.json(await api.stop(c, c.claimant.token), 200)).toEqual({ data: { stopped: false } });
    const job = await host.deps.store.collection<JobDocument>('jobs').read(jobId, jobId);
    expect(job?.status).toBe('Failed');
    fake.respondWith(undefined);
  });
});

describe('a 300-page case goes through the dossier', () => {
  let host: TestHost;
  let fake: FakeOpenAi;
  const api = client(() => host);
  withFakeModel({ MODEL_CONTEXT_TOKENS: '128000' }, (started, server) => {
    host = started;
    fake = server;
  });

  it('condenses each document with its page references in parallel, then writes the chapters from the dossier', async () => {
    const words =
      'sopimus toimitus viivästys kauppahinta vahingonkorvaus reklamaatio urakka lasku eräpäivä näyttö'.split(' ');
    const pages = Array.from(
      { length: 300 },
      (_, page) =>
        Array.from({ length: 30 }, (_u, line) =>
          Array.from({ length: 11 }, (_w, word) => words[(page * 7 + line * 3 + word) % words.length]).join(' '),
        ).join(' ') + ` Sivu ${page + 1} päättyy.`,
    );
    const big = await makeLongPdf(pages);
    const c = await api.caseInResolution([{ name: 'Urakka-asiakirjat.pdf', bytes: big }]);
    fake.requests.length = 0;
    fake.respondWith((body) => {
      const chapter = chapterOf(body);
      if (chapter) return { kind: 'completion', text: `Luku ${chapter} dossierista [K1 s.150].` };
      const pagesOf = /\[K1 s\.(\d+)\][\s\S]*\[K1 s\.(\d+)\]/u.exec(body?.messages?.[1]?.content ?? '');
      return {
        kind: 'completion',
        text: `- Tiivistelmä sivuista ${pagesOf?.[1]}–${pagesOf?.[2]} [K1 s.${pagesOf?.[1]}]`,
      };
    });
    const { jobId, attachmentId } = await api.start(c);
    const view = await api.finished(jobId, c.claimant.token, 120_000);
    expect(view.status, view.errorMessage).toBe('Completed');
    expect(view.details?.join(' ')).toContain('condensed per document into a dossier');

    const summaries = fake.requests.filter((request) => !chapterOf(request.body));
    const chapterCalls = fake.requests.filter((request) => chapterOf(request.body));
    expect(chapterCalls).toHaveLength(7);
    expect(summaries.length).toBeGreaterThan(3);
    // Every page of the big document went into exactly one summary call.
    const covered = summaries
      .filter((request) => request.body!.messages![1]!.content.includes('Asiakirja K1'))
      .flatMap((request) =>
        [...request.body!.messages![1]!.content.matchAll(/\[K1 s\.(\d+)\]/gu)].map((m) => Number(m[1])),
      );
    expect(new Set(covered).size).toBe(300);
    expect(covered).toHaveLength(300);
    // The summaries ran in parallel: the first arrivals lie together.
    const arrivals = summaries.map((request) => request.receivedAt).sort((a, b) => a - b);
    expect(arrivals[3]! - arrivals[0]!).toBeLessThan(500);
    // The chapters read the dossier, not the pages.
    const material = chapterCalls[0]!.body!.messages![1]!.content;
    expect(material).toContain('tiivistelmä="kyllä"');
    expect(material).toContain('Tiivistelmä sivuista 1–');
    expect(material).not.toContain('Sivu 150 päättyy.');
    expect(material.length).toBeLessThan(pages.join('').length / 10);

    const { text } = await pdfText(await api.decisionPdf(c, attachmentId));
    expect(text.replace(/\s+/g, ' ')).toContain('Urakka-asiakirjat.pdf');
    expect(text).toContain('tiivistettiin');
    fake.respondWith(undefined);
  }, 180_000);
});
