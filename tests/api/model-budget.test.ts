import { anonymousBusyRefusal, type JobStatusView } from '@ratkaisu/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { JobDocument } from '../../functions/src/services/jobs/job-document.js';
import {
  chapterAskedIn,
  start as startFakeOpenAi,
  type FakeOpenAi,
  type FakeResponse,
} from '../support/fake-openai.js';
import { apiClient, FINNISH_CASE, type OpenCase } from './support/api-client.js';
import { CONTRACT_PAGES, makeFinnishPdf } from './support/finnish-pdf.js';
import { useTestHost } from './support/use-test-host.js';
import { dispositiveBlock } from './support/dispositive.js';

/**
 * The model's token budget (services/model-budget) through the real local host: ten parties press Create
 * decision in the same moment against a fake endpoint that enforces a quota of tokens per window (answering
 * 429 with Retry-After beyond it). The decisions wait in one line instead of all calling at once; each
 * waiting job's status shows its place, which only moves forward; all of them finish with hardly a 429;
 * and the public generator refuses while the line ahead is long, writing nothing.
 *
 * A window of one second instead of a minute keeps the test short; nothing here asserts a duration.
 */

const clock: Clock = { now: () => new Date() };
/** Tokens the fake endpoint (and the host's budget) allow per one-second window. */
const TOKENS_PER_WINDOW = 8_000;
const WINDOW_MS = 1_000;
const DECISIONS = 10;
/** The public generator refuses when more than this many wait ahead of it. */
const ANONYMOUS_MAX_AHEAD = 3;

const DISPOSITIVE = {
  orders: [
    {
      kind: 'payment',
      debtor: 'respondent',
      creditor: 'claimant',
      amountCents: 1_240_000,
      text: 'Vastaaja velvoitetaan suorittamaan kantajalle 12 400 euroa.',
      references: ['K1 s.1'],
    },
  ],
};

let fake: FakeOpenAi;
let contractPdf: Uint8Array<ArrayBuffer>;
let answerPdf: Uint8Array<ArrayBuffer>;
const api = apiClient(() => host, clock);

beforeAll(async () => {
  contractPdf = await makeFinnishPdf([...CONTRACT_PAGES]);
  answerPdf = await makeFinnishPdf(['VASTAUS\n\nVastaaja kiistää kanteen. Toimitus viivästyi lakon vuoksi.']);
  fake = await startFakeOpenAi();
  fake.limitTokens({ tokensPerWindow: TOKENS_PER_WINDOW, windowMs: WINDOW_MS });
  fake.respondWith((body): FakeResponse => {
    const chapter = chapterAskedIn(body) ?? 0;
    return {
      kind: 'completion',
      text:
        `## ${chapter}. Otsikko\n\nLuvun ${chapter} teksti. Kauppahinta oli 12 400 euroa [K1 s.1].` +
        (chapter === 6 ? dispositiveBlock(DISPOSITIVE) : ''),
      usage: 'measured',
      prefillMs: 20,
      delayMs: 60,
    };
  });
}, 60_000);
afterAll(async () => {
  await fake?.close();
});
const host = useTestHost(() => ({
  OPENAI_BASE_URL: fake.baseURL,
  OPENAI_MODEL: 'budget-model',
  MODEL_TPM: String(TOKENS_PER_WINDOW),
  MODEL_RPM: '1000',
  MODEL_BUDGET_WINDOW_SECONDS: String(WINDOW_MS / 1000),
  MODEL_MAX_COMPLETION_TOKENS: '400',
  ANONYMOUS_MAX_QUEUE_AHEAD: String(ANONYMOUS_MAX_AHEAD),
  ANONYMOUS_DECISIONS_PER_HOUR: '1',
}));

/** Uploads a file into the case's active phase. */
async function upload(c: OpenCase, token: string, name: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  await api.uploadToActivePhase(c.dispute.id, token, [{ name, bytes }]);
}

/** A case with the contract in Claim and an answer in Response, ended into Resolution. */
async function caseInResolution(): Promise<OpenCase> {
  const c = await api.openCase(FINNISH_CASE);
  await upload(c, c.claimant.token, 'Kauppasopimus.pdf', contractPdf);
  await api.json(await api.call('POST', `/api/dispute/${c.dispute.id}/phase/Response`, c.claimant.token), 200);
  await upload(c, c.respondent.token, 'Vastaus.pdf', answerPdf);
  await api.json(await api.call('POST', `/api/dispute/${c.dispute.id}/phase/ClaimantLetter1`, c.respondent.token), 200);
  await api.json(await api.call('POST', `/api/dispute/${c.dispute.id}/phase/Resolution`, c.claimant.token), 200);
  return c;
}

const anonymousJobs = async () =>
  (
    await host.deps.store
      .collection<JobDocument>('jobs')
      .query({ where: [{ field: 'kind', op: '=', value: 'anonymous-decision' }] })
  ).items;

const generateAnonymous = () => {
  const form = new FormData();
  form.append('files', new Blob([contractPdf], { type: 'application/pdf' }), 'Kauppasopimus.pdf');
  return api.call('POST', '/api/dispute/generatedecisionanonymous', undefined, form);
};

describe('ten decisions at once against a deployment with a token quota', () => {
  it('wait in one line with places that only move forward, all finish, and hardly meet a 429', async () => {
    const cases = await Promise.all(Array.from({ length: DECISIONS }, () => caseInResolution()));
    const requestsBefore = fake.requests.length;

    const started = await Promise.all(
      cases.map(async (c) => {
        const answer = await api.json<{ data: { jobId: string } }>(
          await api.call('POST', `/api/dispute/${c.dispute.id}/generatedecision`, c.claimant.token, {}),
          202,
        );
        return { jobId: answer.data.jobId, token: c.claimant.token };
      }),
    );

    const places = new Map<string, { position: number; etaSeconds: number }[]>(started.map(({ jobId }) => [jobId, []]));
    const finalViews = new Map<string, JobStatusView>();
    let busyRefusal: Response | undefined;
    let busyRefusalBody: unknown;
    let anonymousWritten: unknown[] = [];
    const deadline = Date.now() + 180_000;
    while (finalViews.size < started.length) {
      if (Date.now() > deadline) throw new Error(`Only ${finalViews.size} of ${DECISIONS} decisions finished`);
      const views = await Promise.all(
        started
          .filter(({ jobId }) => !finalViews.has(jobId))
          .map(async ({ jobId, token }) =>
            api.json<JobStatusView>(await api.call('GET', `/api/dispute/job/${jobId}/status`, token), 200),
          ),
      );
      for (const view of views) {
        if (view.status === 'Completed' || view.status === 'Failed') finalViews.set(view.jobId, view);
        if (view.queue?.capacity) {
          // A running job whose next call waits for room says so, with its wait.
          expect(view.status).toBe('Running');
          expect(view.queue.etaSeconds).toBeGreaterThan(0);
        } else if (view.queue) {
          // Only a job still waiting has a place in line.
          expect(view.status).toBe('Queued');
          places.get(view.jobId)!.push(view.queue);
        }
      }
      // While more than the limit wait ahead, the public generator refuses, writing nothing.
      const waiting = views.filter((view) => view.queue && !view.queue.capacity).length;
      if (!busyRefusal && waiting > ANONYMOUS_MAX_AHEAD) {
        anonymousWritten = await api.blobsWrittenDuring(
          async () => {
            busyRefusal = await generateAnonymous();
            busyRefusalBody = await busyRefusal.json();
          },
          { container: 'anonymous' },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    for (const { jobId } of started) {
      const view = finalViews.get(jobId)!;
      expect(view.status, view.errorMessage).toBe('Completed');
    }

    // Hardly any 429s: the line and the metered calls keep the deployment under its quota.
    const calls = fake.requests.slice(requestsBefore);
    expect(calls.filter((call) => !call.throttled).length).toBeGreaterThanOrEqual(DECISIONS * 7);
    expect(fake.throttled).toBeLessThanOrEqual(3);

    // Every job that waited saw its place only move forward, and most of them did wait.
    const waited = [...places.values()].filter((seen) => seen.length > 0);
    expect(waited.length).toBeGreaterThanOrEqual(DECISIONS / 2);
    for (const seen of waited) {
      for (let i = 1; i < seen.length; i++) expect(seen[i]!.position).toBeLessThanOrEqual(seen[i - 1]!.position);
      for (const place of seen) {
        expect(place.position).toBeGreaterThanOrEqual(1);
        expect(place.etaSeconds).toBeGreaterThanOrEqual(0);
      }
    }
    // Someone was far back in line and moved up to the front.
    const longest = waited.reduce((a, b) => (b[0]!.position > a[0]!.position ? b : a));
    expect(longest[0]!.position).toBeGreaterThan(ANONYMOUS_MAX_AHEAD + 1);
    expect(longest.at(-1)!.position).toBeLessThan(longest[0]!.position);
    expect(longest[0]!.etaSeconds).toBeGreaterThan(0);

    // The public generator's refusal while the line was long: 503 with Retry-After, and nothing written.
    expect(busyRefusal, 'the anonymous request was made while the line was long').toBeDefined();
    expect(busyRefusal!.status).toBe(503);
    const retryAfter = Number(busyRefusal!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(60);
    expect(retryAfter % 60).toBe(0);
    expect(busyRefusalBody).toEqual({ code: 'unavailable', ...anonymousBusyRefusal(retryAfter / 60) });
    expect(anonymousWritten).toEqual([]);
    expect(await anonymousJobs()).toEqual([]);

    // With the line gone it is taken: the refusal used none of the address's one decision an hour.
    const accepted = await generateAnonymous();
    expect(accepted.status).toBe(202);
    const { jobId } = (await accepted.json()) as { jobId: string };
    expect(await api.finished(jobId, undefined, { timeoutMs: 60_000 })).toMatchObject({ status: 'Completed' });
    expect((await generateAnonymous()).status).toBe(429);
  }, 300_000);
});
