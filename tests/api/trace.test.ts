import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessQueue } from '../../functions/src/adapters/queue/in-process-queue.js';
import { createLogger } from '../../functions/src/log.js';
import { startObservability, type ObservabilityHandle } from '../../functions/src/observability/start-observability.js';
import { ATTR } from '../../functions/src/observability/tracing.js';
import type { Clock } from '../../functions/src/ports/clock.js';
import { chapterAskedIn, start as startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.js';
import { apiClient, FINNISH_CASE, uploadForm, type OpenCase } from './support/api-client.js';
import { CONTRACT_PAGES, makeFinnishPdf } from './support/finnish-pdf.js';
import { useTestHost } from './support/use-test-host.js';
import { dispositiveBlock } from './support/dispositive.js';

/**
 * One trace per case action (docs/operations.md#traces-metrics-and-logs): spans collected in memory while
 * one AI decision runs through the real local host against a fake OpenAI-compatible model — the request,
 * the queue message, the job, each model call and each mail are one trace, tagged with ids, and no document
 * text, prompt, answer, name or address is anywhere in the spans or the log lines.
 */

const clock: Clock = { now: () => new Date() };

type ReadableSpan = ReturnType<ObservabilityHandle['spans']>[number];

let telemetry: ObservabilityHandle;
let fake: FakeOpenAi;
const logLines: string[] = [];
const api = apiClient(() => host, clock);

beforeAll(async () => {
  telemetry = startObservability({ kind: 'memory' });
  fake = await startFakeOpenAi();
  fake.respondWith((body) => {
    const chapter = chapterAskedIn(body);
    if (!chapter) return undefined;
    return {
      kind: 'completion',
      text:
        `## ${chapter}. Otsikko\n\nLuvun ${chapter} teksti. Kauppahinta oli 12 400 euroa [K1 s.1].` +
        (chapter === 6 ? dispositiveBlock() : ''),
      usage: 'measured',
    };
  });
});
afterAll(async () => {
  await fake?.close();
  await telemetry?.shutdown();
});
const host = useTestHost(() => ({ OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'decision-model' }), {
  log: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
});

/** A case with the contract in Claim and the respondent's answer in Response, ended into Resolution. */
async function caseInResolution(): Promise<OpenCase> {
  const c = await api.openCase(FINNISH_CASE);
  const upload = async (token: string, name: string, pages: string[]) => {
    const phases = await api.json<{ id: string }[]>(
      await api.call('GET', `/api/dispute/${c.dispute.id}/phases`, token),
      200,
    );
    const form = uploadForm([{ name, bytes: await makeFinnishPdf(pages) }]);
    await api.json(
      await api.call('POST', `/${c.dispute.id}/phases/${phases.at(-1)!.id}/attachments`, token, form),
      201,
    );
  };
  const advance = async (phase: string, token: string) =>
    api.json(await api.call('POST', `/api/dispute/${c.dispute.id}/phase/${phase}`, token), 200);
  await upload(c.claimant.token, 'Kauppasopimus.pdf', [...CONTRACT_PAGES]);
  await advance('Response', c.claimant.token);
  await upload(c.respondent.token, 'Vastaus.pdf', [
    'VASTAUS\n\nVastaaja kiistää kanteen. Toimitus viivästyi lakon vuoksi.',
  ]);
  await advance('ClaimantLetter1', c.respondent.token);
  await advance('Resolution', c.claimant.token);
  return c;
}

/** Every string a span carries: its name, attribute values, event names and attributes, status message. */
function spanStrings(span: ReadableSpan): string[] {
  const values = (attributes: Record<string, unknown>) =>
    Object.values(attributes).flatMap((value) => (Array.isArray(value) ? value.map(String) : [String(value)]));
  return [
    span.name,
    ...values(span.attributes),
    ...span.events.flatMap((event) => [event.name, ...values(event.attributes ?? {})]),
    span.status.message ?? '',
  ];
}

describe('one trace per case action', () => {
  it('follows an AI decision from its request through the queue and the job to each model call and mail, by ids only', async () => {
    const c = await caseInResolution();
    const answer = await api.json<{ data: { jobId: string; attachmentId: string } }>(
      await api.call('POST', `/api/dispute/${c.dispute.id}/generatedecision`, c.claimant.token, {}),
      202,
    );
    const { jobId, attachmentId } = answer.data;
    // Every delivery settled (the decision job and anything it queued) before the spans are read.
    await (host.deps.queue as InProcessQueue).drain();
    const view = await api.finished(jobId, c.claimant.token);
    expect(view.status, view.errorMessage).toBe('Completed');

    const spans = telemetry.spans();
    const request = spans.find(
      (span) =>
        span.name === 'POST /api/dispute/{id}/generatedecision' && span.attributes[ATTR.caseId] === c.dispute.id,
    )!;
    expect(request, 'the request span').toBeDefined();
    expect(request.attributes[ATTR.status]).toBe(202);
    // The request's span names the case by its number as well, which is what a party tells an operator.
    expect(request.attributes[ATTR.caseNumber]).toBe(c.dispute.caseNumber);
    const traceId = request.spanContext().traceId;
    const trace = spans.filter((span) => span.spanContext().traceId === traceId);
    const byId = new Map(trace.map((span) => [span.spanContext().spanId, span]));
    /** The names of a span's ancestors, nearest first, up to the root of the trace. */
    const ancestors = (span: ReadableSpan): string[] => {
      const names: string[] = [];
      let parent = byId.get(span.parentSpanContext?.spanId ?? '');
      while (parent) {
        names.push(parent.name);
        parent = byId.get(parent.parentSpanContext?.spanId ?? '');
      }
      return names;
    };

    // The queue message: sent inside the request, carrying its trace to the job.
    const sent = trace.find((span) => span.name === 'send decision-jobs')!;
    expect(sent.attributes).toMatchObject({ [ATTR.queue]: 'decision-jobs', [ATTR.jobId]: jobId });
    expect(ancestors(sent)).toEqual([request.name]);
    const job = trace.find((span) => span.name === 'job decision-jobs')!;
    expect(job, 'the job continues the request trace').toBeDefined();
    expect(c.dispute.caseNumber).toMatch(/^RAT-\d{4}-\d{6}$/);
    expect(job.attributes).toMatchObject({
      [ATTR.jobId]: jobId,
      [ATTR.caseId]: c.dispute.id,
      [ATTR.caseNumber]: c.dispute.caseNumber,
      [ATTR.attachmentId]: attachmentId,
      [ATTR.deliveryCount]: 1,
    });
    expect(ancestors(job)).toEqual([sent.name, request.name]);

    // Each model call (seven chapters at least), under the job, with its deployment, tokens and finish reason.
    const calls = trace.filter((span) => span.name === 'chat default');
    expect(calls.length).toBeGreaterThanOrEqual(7);
    expect(calls.length).toBe(fake.requests.length);
    for (const call of calls) {
      expect(ancestors(call)).toContain(job.name);
      expect(call.attributes).toMatchObject({
        [ATTR.deployment]: 'default',
        [ATTR.inputTokens]: expect.any(Number),
        [ATTR.outputTokens]: expect.any(Number),
        [ATTR.cachedTokens]: expect.any(Number),
        [ATTR.finishReason]: ['stop'],
      });
      expect(call.attributes[ATTR.inputTokens] as number).toBeGreaterThan(0);
    }
    // The chapters share a prefix: some of their prompt came from the endpoint's cache.
    expect(calls.some((call) => (call.attributes[ATTR.cachedTokens] as number) > 0)).toBe(true);

    // The mails: "decision requested" to the other side from the request, "decision ready" from the job,
    // recorded and handed to the transport within the one trace.
    const mails = trace.filter((span) => span.name === 'mail');
    const mailsFor = (purpose: string) => mails.filter((span) => span.attributes[ATTR.mailPurpose] === purpose);
    expect(mailsFor('decisionRequested').length).toBeGreaterThanOrEqual(1);
    expect(mailsFor('decisionReady').length).toBeGreaterThanOrEqual(1);
    for (const mail of mailsFor('decisionRequested')) expect(ancestors(mail)).toEqual([request.name]);
    for (const mail of mailsFor('decisionReady')) expect(ancestors(mail)).toEqual([job.name, sent.name, request.name]);
    for (const mail of mails) {
      expect(mail.attributes).toMatchObject({
        [ATTR.caseId]: c.dispute.id,
        [ATTR.mailId]: expect.any(String),
        [ATTR.mailOutcome]: 'sent',
      });
      const handOver = trace.find((span) => span.parentSpanContext?.spanId === mail.spanContext().spanId)!;
      expect(handOver.name).toBe('mail send');
    }

    // Ids only: nothing of the documents, the prompts, the answers, the case's name or the people in it.
    const forbidden = [
      'Teräspalkkien',
      'Palkit saapuivat',
      'Rakennus Oy',
      'Teräs Oy',
      'Tehdaskatu',
      'teräspalkkeja',
      'Kauppahinta',
      '12 400',
      'Kirjoita seuraavaksi',
      'lakon vuoksi',
      'Luvun 1 teksti',
      'Otsikko',
      c.claimant.user.email,
      c.respondent.user.email,
      c.coClaimant.user.email,
    ];
    const everySpanString = spans.flatMap(spanStrings).join('\n');
    const everyLogLine = logLines.join('\n');
    for (const text of forbidden) {
      expect(everySpanString, `"${text}" in a span`).not.toContain(text);
      expect(everyLogLine, `"${text}" in a log line`).not.toContain(text);
    }
    // The decision's file is named by its id, never by its file name.
    expect(everySpanString).not.toContain('Decision_');

    // Log lines written while the job ran carry its trace id, so a log query finds the trace.
    const jobLines = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.traceId === traceId);
    expect(jobLines.length).toBeGreaterThan(0);
  });
});
