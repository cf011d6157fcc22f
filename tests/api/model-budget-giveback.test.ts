import type { JobStatusView, PhaseView } from '@ratkaisu/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import {
  start as startFakeOpenAi,
  type FakeOpenAi,
  type FakeResponse,
  type RecordedRequest,
} from '../support/fake-openai.js';
import { apiClient, FINNISH_CASE, uploadForm, type OpenCase } from './support/api-client.js';
import { makeFinnishPdf } from './support/finnish-pdf.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * The model budget's give-back measured, as a test: against a fake endpoint that counts tokens as a real one does (about
 * 3.5 characters a token) and enforces the default quota of 100,000 tokens a minute, a decision on a case
 * with two 50-page documents is booked at most of a million tokens. Stopped after its first call, it gives
 * back what it did not use at once, so the next case's decision — waiting behind it for about 8.5 minutes
 * before — reaches the model within a minute, not after the stopped booking. Shown by the fake's call log
 * (which case each call was for) and by the next job's own status; the minute is the real quota's window.
 */

const clock: Clock = { now: () => new Date() };
const TPM = 100_000;

/** About 3,900 characters a page: two documents of 50 pages each. */
function pages(marker: string, title: string): string[] {
  const sentence =
    'Osapuolet sopivat teräspalkkien toimituksesta rakennustyömaalle, ja toimituksen viivästyminen aiheutti ' +
    'kantajalle lisäkustannuksia, joiden määrästä ja perusteesta osapuolet ovat erimielisiä. ';
  return Array.from(
    { length: 50 },
    (_, index) => `${title} ${marker} — sivu ${index + 1}\n\n${sentence.repeat(19)}${marker}-${index + 1}.`,
  );
}

let fake: FakeOpenAi;
const api = apiClient(() => host, clock);
/** Calls of the first case after its first are held open (it is stopped while one is in flight). */
let holdFirstCase = true;

const markerOf = (request: RecordedRequest) =>
  /TAPAUS-(A|B)/u.exec((request.body?.messages ?? []).map((message) => message.content).join('\n'))?.[1];

beforeAll(async () => {
  fake = await startFakeOpenAi({ charsPerToken: 3.5 });
  fake.limitTokens({ tokensPerWindow: TPM, windowMs: 60_000 });
  fake.respondWith((body): FakeResponse => {
    const text = (body?.messages ?? []).map((message) => message.content).join('\n');
    const caseA = text.includes('TAPAUS-A');
    const earlierA = fake.requests.filter((request) => markerOf(request) === 'A' && !request.throttled).length;
    if (caseA && holdFirstCase && earlierA > 1) return { kind: 'hang' };
    return { kind: 'completion', text: '- Tiivistelmä asiakirjasta [K1 s.1]', usage: 'measured', delayMs: 20 };
  });
}, 60_000);
afterAll(async () => {
  await fake?.close();
});
const host = useTestHost(() => ({
  OPENAI_BASE_URL: fake.baseURL,
  OPENAI_MODEL: 'budget-model',
  MODEL_TPM: String(TPM),
  MODEL_RPM: '600',
  MODEL_CONCURRENCY: '1',
}));
afterAll(() => {
  holdFirstCase = false;
});

async function upload(c: OpenCase, token: string, name: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  const phases = await api.json<PhaseView[]>(await api.call('GET', `/api/dispute/${c.dispute.id}/phases`, token), 200);
  await api.json(
    await api.call(
      'POST',
      `/${c.dispute.id}/phases/${phases.at(-1)!.id}/attachments`,
      token,
      uploadForm([{ name, bytes }]),
    ),
    201,
  );
}

async function largeCase(marker: string): Promise<OpenCase> {
  const c = await api.openCase(FINNISH_CASE);
  await upload(c, c.claimant.token, 'Kanne.pdf', await makeFinnishPdf(pages(marker, 'KANNE')));
  await api.json(await api.call('POST', `/api/dispute/${c.dispute.id}/phase/Response`, c.claimant.token), 200);
  await upload(c, c.respondent.token, 'Vastaus.pdf', await makeFinnishPdf(pages(marker, 'VASTAUS')));
  await api.json(await api.call('POST', `/api/dispute/${c.dispute.id}/phase/ClaimantLetter1`, c.respondent.token), 200);
  await api.json(await api.call('POST', `/api/dispute/${c.dispute.id}/phase/Resolution`, c.claimant.token), 200);
  return c;
}

async function startDecision(c: OpenCase): Promise<string> {
  const answer = await api.json<{ data: { jobId: string } }>(
    await api.call('POST', `/api/dispute/${c.dispute.id}/generatedecision`, c.claimant.token, {}),
    202,
  );
  return answer.data.jobId;
}

const status = async (jobId: string, token: string) =>
  api.json<JobStatusView>(await api.call('GET', `/api/dispute/job/${jobId}/status`, token), 200);

/** Waits (polling the fake's log and the API, never a fixed sleep) until `check` answers something. */
async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 240_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a decision stopped after its first call', () => {
  it('gives back its booking at once: the next case’s decision reaches the model within a minute', async () => {
    // One after the other: four 50-page uploads at once can outrun the upload's PDF check on a loaded machine.
    const a = await largeCase('TAPAUS-A');
    const b = await largeCase('TAPAUS-B');
    const jobA = await startDecision(a);
    // A's first call completes; its second is held open at the endpoint.
    await until(
      () =>
        fake.requests.filter((request) => markerOf(request) === 'A' && !request.throttled).length >= 2
          ? true
          : undefined,
      'the first case’s second call',
    );
    const jobB = await startDecision(b);
    const waiting = await until(
      async () => (await status(jobB, b.claimant.token)).queue,
      'the second case to wait in line',
    );
    // Behind the first case's whole booking: minutes, not seconds.
    expect(waiting.position).toBe(1);
    expect(waiting.etaSeconds).toBeGreaterThan(300);
    expect(fake.requests.some((request) => markerOf(request) === 'B')).toBe(false);

    const stoppedAt = performance.now();
    await api.json(
      await api.call('POST', `/api/dispute/${a.dispute.id}/stopdecisiongeneration`, a.claimant.token),
      200,
    );
    await until(
      async () => ((await status(jobA, a.claimant.token)).status === 'Failed' ? true : undefined),
      'the stop',
    );
    // The line moved as soon as the stopped job ended: the wait left is what its one call used, within a minute.
    const after = await status(jobB, b.claimant.token);
    if (after.queue) expect(after.queue.etaSeconds).toBeLessThan(60);

    const firstB = await until(
      () => fake.requests.find((request) => markerOf(request) === 'B'),
      'the second case’s first call',
    );
    expect(firstB.receivedAt - stoppedAt).toBeLessThan(60_000);
    console.info(
      `giveback: next decision waited ${waiting.etaSeconds} s before the stop, ` +
        `${after.queue?.etaSeconds ?? 0} s after it; its first call reached the model ` +
        `${Math.round((firstB.receivedAt - stoppedAt) / 1000)} s after the stop`,
    );
    // The booking was given back, not the quota broken: the endpoint refused nothing.
    expect(fake.throttled).toBe(0);
    holdFirstCase = false;
    await api.call('POST', `/api/dispute/${b.dispute.id}/stopdecisiongeneration`, b.claimant.token);
  }, 600_000);
});
