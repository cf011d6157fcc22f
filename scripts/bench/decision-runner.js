// The decision benchmark's measured process: the product's decision pipeline
// (functions/dist/services/decisions/draft-decision.js: case file, chapters by
// their dependency graph, citation check, the award PDF) through the product's
// OpenAI adapter against the fake OpenAI server of the tests
// (tests/support/fake-openai.ts, imported through tsx): every call streams its
// first chunk after `prefillMs` (the prompt processed, from then on cached for
// later calls) and ends after `delayMs`; the server reports the prompt and the
// cached tokens as Azure OpenAI does. Blobs in memory (the documents' text is
// read by pdf.js as in production). A child process, so its peak memory is its
// own (memory-probe.js is preloaded into it).
// Commands over IPC, one at a time:
//   { capacity: { cases, deployments, tokensPerWindow, windowMs, delayMs, prefillMs, contextTokens } }
//     drafts the decisions of `cases` (each a list of PDF files) at once through the model budget as jobs do
//     (admission in one line, placement over `deployments` fake endpoints of `tokensPerWindow` each — every
//     one enforcing its quota, counting 3.5 characters a token — metered calls, give-back at the end);
//     answers the wall time until all are drafted, each one's deployment and the 429s the endpoints sent
//   { draft: { files, delayMs, prefillMs, concurrency, contextTokens } }
//     drafts a decision from the PDF files; answers ms, calls, the prefix share of input tokens, the cached
//     share the endpoint reported, condensed, PDF size, the model budget's estimate of the decision before
//     it started and what its calls counted against the quota (prompt tokens by the model's tokenizer plus
//     each call's completion limit, as Azure counts them)
// Every call goes through the model budget's metering (services/model-budget/metered-model.js) on an
// in-memory SQLite store, as in production, with a quota too large to pace this one decision: what the
// budget costs a decision that it does not hold back is in the measured time.
// Messages for the memory probe are left to it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { countTokens } from 'gpt-tokenizer';
import { createOpenAiModel } from '../../functions/dist/adapters/model/openai-model.js';
import { silentLogger } from '../../functions/dist/log.js';
import { tsImport } from 'tsx/esm/api';
import { defaultDecisionSettings } from '@ratkaisu/core';
import { draftDecision } from '../../functions/dist/services/decisions/draft-decision.js';
import { loadDocumentText } from '../../functions/dist/services/documents/load-document-text.js';
import { createSqliteStore } from '../../functions/dist/adapters/store/sqlite-store.js';
import { estimateDecisionJob } from '../../functions/dist/services/decisions/estimate-decision-job.js';
import { meteredModel } from '../../functions/dist/services/model-budget/metered-model.js';
import { awaitAdmission, releaseJobBudget } from '../../functions/dist/services/model-budget/admit-job.js';
import { runWithJobCalls } from '../../functions/dist/services/model-budget/job-calls.js';
import { DeliveryDeferred } from '../../functions/dist/ports/queue.js';

/** Blob Storage in memory: the pipeline reads the PDFs and caches their text here. */
function memoryBlobs() {
  const store = new Map();
  const key = (container, name) => `${container}/${name}`;
  return {
    kind: 'azurite',
    async init() {},
    async upload(container, name, body, options) {
      const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
      store.set(key(container, name), { buffer, contentType: options.contentType });
      return { contentType: options.contentType, size: buffer.byteLength, etag: randomUUID() };
    },
    async download(container, name) {
      const blob = store.get(key(container, name));
      return (
        blob && {
          stream: Readable.from([blob.buffer]),
          contentType: blob.contentType,
          size: blob.buffer.byteLength,
          etag: '',
        }
      );
    },
    async downloadBuffer(container, name) {
      return store.get(key(container, name))?.buffer;
    },
    async properties(container, name) {
      const blob = store.get(key(container, name));
      return blob && { contentType: blob.contentType, size: blob.buffer.byteLength, etag: '' };
    },
    async delete(container, name) {
      return store.delete(key(container, name));
    },
    async ping() {},
  };
}

/** The dispositive part chapter 6's answers end with. */
const DISPOSITIVE = JSON.stringify({
  orders: [
    {
      kind: 'payment',
      debtor: 'respondent',
      creditor: 'claimant',
      amountCents: 1240000,
      interest: { basis: 'penalty', from: '2026-03-01' },
      text: 'Vastaaja velvoitetaan suorittamaan kantajalle 12 400 euroa viivästyskorkoineen.',
      references: ['K1 s.1'],
    },
  ],
});

let fake;

/** The fake endpoint, its prompt cache emptied: each decision starts as the first on its case. */
async function endpoint(delayMs, prefillMs) {
  // The tests' TypeScript module, loaded through tsx for this import only (a global loader's source maps
  // trip over the PDF worker's).
  fake ??= await (await tsImport('../../tests/support/fake-openai.ts', import.meta.url)).start();
  fake.requests.length = 0;
  fake.respondWith((body) => {
    const ask = [...(body?.messages ?? [])].reverse().find((message) => message.role === 'user')?.content ?? '';
    const chapter = /(?:välitystuomion|ratkaisuehdotuksen) luku (\d)/u.exec(ask)?.[1];
    const text = chapter
      ? `Luvun ${chapter} teksti: kauppahinta ja toimitus [K1 s.1]. Vastaaja kiistää vaatimuksen [K1 s.2].` +
        (chapter === '6' ? `\n\n\`\`\`json\n${DISPOSITIVE}\n\`\`\`` : '')
      : '- Tiivistelmä asiakirjasta [K1 s.1]';
    return { kind: 'completion', text, usage: 'measured', prefillMs: Math.min(prefillMs, delayMs), delayMs };
  });
  return fake;
}

const blobs = memoryBlobs();

/** What the calls counted against a tokens-per-minute quota: prompt tokens and the completion limit of each. */
function quotaTokens(requests) {
  let prompt = 0;
  let limits = 0;
  for (const request of requests) {
    for (const message of request.body?.messages ?? []) prompt += countTokens(message.content);
    limits += request.body?.max_completion_tokens ?? 4000;
  }
  return { prompt, limits };
}

/** Of the chapter calls' input tokens, how many sit in the prefix every call shares (instructions + case file). */
function prefixShare(requests) {
  const chapters = requests
    .map((request) => request.body?.messages ?? [])
    .filter((messages) => /(?:välitystuomion|ratkaisuehdotuksen) luku \d/u.test(messages.at(-1)?.content ?? ''));
  let shared = 0;
  let total = 0;
  for (const messages of chapters) {
    const tokens = messages.map((message) => countTokens(message.content));
    shared += tokens[0] + tokens[1];
    total += tokens.reduce((sum, value) => sum + value, 0);
  }
  return { share: total === 0 ? 0 : shared / total, chapterCalls: chapters.length };
}

/** A decision's texts, for any fake endpoint: chapter text with the dispositive part, or a summary. */
function decisionAnswer(delayMs, prefillMs) {
  return (body) => {
    const ask = [...(body?.messages ?? [])].reverse().find((message) => message.role === 'user')?.content ?? '';
    const chapter = /välitystuomion luku (\d)/u.exec(ask)?.[1];
    const text = chapter
      ? `Luvun ${chapter} teksti: kauppahinta ja toimitus [K1 s.1]. Vastaaja kiistää vaatimuksen [K1 s.2].` +
        (chapter === '6' ? `\n\n\`\`\`json\n${DISPOSITIVE}\n\`\`\`` : '')
      : '- Tiivistelmä asiakirjasta [K1 s.1]';
    return { kind: 'completion', text, usage: 'measured', prefillMs: Math.min(prefillMs, delayMs), delayMs };
  };
}

async function uploaded(files) {
  const documents = [];
  for (const file of files) {
    const blobName = `bench/${randomUUID()}`;
    await blobs.upload('attachments', blobName, readFileSync(file), { contentType: 'application/pdf' });
    documents.push({ fileId: randomUUID(), fileName: file.split('/').at(-1), container: 'attachments', blobName });
  }
  return documents;
}

/** Two (or more) large decisions at once through the budget over one or several quota-enforcing fakes. */
async function capacityRun({ cases, deployments, tokensPerWindow, windowMs, delayMs, prefillMs, contextTokens }) {
  const { start } = await tsImport('../../tests/support/fake-openai.ts', import.meta.url);
  const fakes = [];
  for (let index = 0; index < deployments; index++) {
    const server = await start({ charsPerToken: 3.5 });
    server.limitTokens({ tokensPerWindow, windowMs });
    server.respondWith(decisionAnswer(delayMs, prefillMs));
    fakes.push(server);
  }
  const store = createSqliteStore({ file: ':memory:' });
  const remote = (server) => ({
    kind: 'openai-compatible',
    baseURL: server.baseURL,
    model: 'bench-model',
    maxRetries: 4,
    timeoutMs: 600_000,
  });
  const config = {
    environment: 'test',
    model: remote(fakes[0]),
    modelBudget: {
      tokensPerWindow,
      requestsPerWindow: 600,
      windowMs,
      anonymousMaxAhead: 10,
      deployments: fakes.slice(1).map((server, index) => ({
        name: `deployment-${index + 2}`,
        model: remote(server),
        tokensPerWindow,
        requestsPerWindow: 600,
        priority: 0,
      })),
    },
    ocr: { maxPagesPerFile: 0, maxSecondsPerJob: 0, confidenceFloor: 60, atUpload: false },
    generation: {
      contextTokens,
      samplingParameters: true,
      concurrency: 4,
      maxCompletionTokens: [8000],
      pricesEurPerMillion: { prompt: 1.85, cached: 0.46, completion: 7.4 },
    },
  };
  const models = new Map([['default', createOpenAiModel(remote(fakes[0]))]]);
  fakes.slice(1).forEach((server, index) => models.set(`deployment-${index + 2}`, createOpenAiModel(remote(server))));
  const deps = {
    config,
    blobs,
    store,
    model: meteredModel(models, { config, store, log: silentLogger }),
    clock: { now: () => new Date() },
    log: silentLogger,
    // Deferred jobs poll below; a wake-up message has nowhere to go.
    queue: { kind: 'in-process', sendAt: async () => {}, send: async () => {} },
  };
  const jobs = [];
  for (const files of cases) {
    const documents = await uploaded(files);
    for (const document of documents) await loadDocumentText(deps, document);
    jobs.push({
      id: randomUUID(),
      input: {
        caseName: 'Teräspalkkien viivästynyt toimitus',
        claimant: { name: 'Rakennus Oy', identificationNumber: '1234567-8' },
        respondent: { name: 'Teräs Oy', identificationNumber: '8765432-1' },
        groups: [{ prefix: 'K', phase: 'Claim', documents }],
        settings: defaultDecisionSettings(),
      },
    });
  }
  const signal = new AbortController().signal;
  const started = performance.now();
  const results = await Promise.all(
    jobs.map(async (job, index) => {
      // As a job's deliveries do: join the line, and come back at the expected start when deferred.
      const estimate = await estimateDecisionJob(deps, job.input);
      for (;;) {
        try {
          await awaitAdmission(deps, { jobId: job.id, kind: 'decision', estimate: async () => estimate }, signal);
          break;
        } catch (error) {
          if (!(error instanceof DeliveryDeferred)) throw error;
          await new Promise((resolve) =>
            setTimeout(resolve, Math.max(50, Math.min(1_000, error.notBefore.getTime() - Date.now()))),
          );
        }
      }
      const admittedMs = performance.now() - started;
      await runWithJobCalls({ jobId: job.id, notes: [] }, () => draftDecision(deps, job.input, signal));
      await releaseJobBudget(deps, job.id);
      return { index, admittedMs, doneMs: performance.now() - started, estimate: estimate.tokens };
    }),
  );
  const ms = performance.now() - started;
  const calls = fakes.map((server) => server.requests.filter((request) => !request.throttled).length);
  const throttled = fakes.reduce((sum, server) => sum + server.throttled, 0);
  for (const server of fakes) await server.close();
  await store.close();
  return { ms, results, calls, throttled };
}

process.on('message', async (message) => {
  if (message?.capacity) {
    try {
      process.send(await capacityRun(message.capacity));
    } catch (error) {
      process.send({ error: error instanceof Error ? error.stack : String(error) });
    }
    return;
  }
  if (!message?.draft) return;
  try {
    const { files, delayMs, prefillMs = 0, concurrency, contextTokens } = message.draft;
    const documents = [];
    for (const file of files) {
      const blobName = `bench/${randomUUID()}`;
      await blobs.upload('attachments', blobName, readFileSync(file), { contentType: 'application/pdf' });
      documents.push({ fileId: randomUUID(), fileName: file.split('/').at(-1), container: 'attachments', blobName });
    }
    const server = await endpoint(delayMs, prefillMs);
    const requests = server.requests;
    const store = createSqliteStore({ file: ':memory:' });
    const modelConfig = {
      kind: 'openai-compatible',
      baseURL: server.baseURL,
      model: 'bench-model',
      maxRetries: 0,
      timeoutMs: 600_000,
    };
    const config = {
      model: modelConfig,
      modelBudget: {
        tokensPerWindow: 100_000_000,
        requestsPerWindow: 100_000,
        windowMs: 60_000,
        anonymousMaxAhead: 10,
      },
      ocr: { maxPagesPerFile: 0, maxSecondsPerJob: 0, confidenceFloor: 60, atUpload: false },
      generation: {
        contextTokens,
        samplingParameters: true,
        concurrency,
        maxCompletionTokens: [8000],
        pricesEurPerMillion: { prompt: 1.85, cached: 0.46, completion: 7.4 },
      },
    };
    const clock = { now: () => new Date() };
    const deps = {
      config,
      blobs,
      store,
      model: meteredModel(createOpenAiModel(modelConfig), { config, store, log: silentLogger }),
      clock,
      log: silentLogger,
    };
    // Text extraction is measured by the extraction benchmark; read it once here so it does not count.
    for (const document of documents) await loadDocumentText(deps, document);
    const job = {
      caseName: 'Teräspalkkien viivästynyt toimitus',
      claimant: { name: 'Rakennus Oy', identificationNumber: '1234567-8' },
      respondent: { name: 'Teräs Oy', identificationNumber: '8765432-1' },
      groups: [{ prefix: 'K', phase: 'Claim', documents }],
      settings: defaultDecisionSettings(),
    };
    const estimate = await estimateDecisionJob(deps, job);
    const started = performance.now();
    const draft = await draftDecision(deps, job, new AbortController().signal);
    const ms = performance.now() - started;
    await store.close();
    process.send({
      ms,
      calls: requests.length,
      ...prefixShare(requests),
      condensed: draft.details.some((detail) => detail.includes('dossier')),
      usage: draft.usage,
      estimate,
      quota: quotaTokens(requests),
      cachedShare: draft.usage.promptTokens === 0 ? 0 : draft.usage.cachedTokens / draft.usage.promptTokens,
      dispositive: draft.dispositive !== undefined,
      chapters: draft.chapters.length,
    });
  } catch (error) {
    process.send({ error: error instanceof Error ? error.stack : String(error) });
  }
});

process.channel?.ref();
process.on('SIGTERM', () => process.exit(0));
console.log('listening 0');
