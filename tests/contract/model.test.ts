import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfflineModel, OFFLINE_MODEL_NAME } from '../../functions/src/adapters/model/offline-model.js';
import { createOpenAiModel, type OpenAiModelConfig } from '../../functions/src/adapters/model/openai-model.js';
import { ModelUnavailableError, type ChatMessage } from '../../functions/src/ports/model.js';
import { start, type FakeOpenAi } from '../support/fake-openai.js';

const messages: ChatMessage[] = [
  { role: 'system', content: 'Olet välimies.' },
  { role: 'user', content: 'Tiivistä aineisto.' },
];

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await start();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  retries = [];
});

/** Every retry the adapter announced: the failed attempt's status and the wait it chose. */
let retries: { attempt: number; status?: number; delayMs: number }[] = [];

function openAi(overrides: Partial<Extract<OpenAiModelConfig, { kind: 'openai-compatible' }>> = {}) {
  return createOpenAiModel(
    {
      kind: 'openai-compatible',
      baseURL: fake.baseURL,
      model: 'test-model',
      maxRetries: 2,
      timeoutMs: 30_000,
      ...overrides,
    },
    { onRetry: (retry) => void retries.push(retry) },
  );
}

/** Resolves to the rejection of `promise`. */
async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return { error: error as Error };
  }
  throw new Error('expected a rejection');
}

describe('openai-compatible model', () => {
  it('round-trips a completion with model, messages and sampling parameters', async () => {
    fake.enqueue({
      kind: 'completion',
      text: 'Vastaus.',
      model: 'test-model-2024',
      usage: { prompt_tokens: 100, completion_tokens: 7, cached_tokens: 64 },
    });
    const result = await openAi().complete({ messages, temperature: 0.2, top_p: 0.9, maxOutputTokens: 500 });

    expect(result).toEqual({
      text: 'Vastaus.',
      model: 'test-model-2024',
      finishReason: 'stop',
      usage: { promptTokens: 100, completionTokens: 7, cachedTokens: 64 },
    });
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.body).toMatchObject({
      model: 'test-model',
      messages,
      temperature: 0.2,
      top_p: 0.9,
      max_completion_tokens: 500,
    });
    // No key configured: a placeholder is sent so the SDK accepts the configuration.
    expect(request.headers.authorization).toBe('Bearer not-needed');
  });

  it('omits temperature and top_p when not given, and sends the API key', async () => {
    const result = await openAi({ apiKey: 'sk-test' }).complete({ messages });
    expect(result.text).toBe('Fake answer.');
    expect(result.usage).toEqual({ promptTokens: 12, completionTokens: 3 });
    const body = fake.requests[0]!.body!;
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_p');
    expect(body).not.toHaveProperty('max_completion_tokens');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-test');
  });

  it('retries a 429 after the Retry-After delay, telling onRetry, and then succeeds', async () => {
    fake.enqueue({ kind: 'error', status: 429, headers: { 'retry-after': '1' } }, { kind: 'completion', text: 'ok' });
    const result = await openAi().complete({ messages });
    expect(result.text).toBe('ok');
    expect(fake.requests).toHaveLength(2);
    expect(retries).toEqual([{ attempt: 1, status: 429, delayMs: 1000 }]);
  });

  it('prefers retry-after-ms', async () => {
    fake.enqueue(
      { kind: 'error', status: 429, headers: { 'retry-after-ms': '200', 'retry-after': '30' } },
      { kind: 'completion', text: 'ok' },
    );
    const throttled: number[] = [];
    const result = await openAi().complete({ messages, onThrottled: (ms) => throttled.push(ms) });
    expect(result.text).toBe('ok');
    expect(retries).toEqual([{ attempt: 1, status: 429, delayMs: 200 }]);
    // The model budget hears of the 429 and the wait it asked for (services/model-budget/metered-model.ts).
    expect(throttled).toEqual([200]);
  });

  it('reports the finish reason: length and content_filter', async () => {
    fake.enqueue(
      { kind: 'completion', text: 'Katkesi kes', finishReason: 'length' },
      { kind: 'completion', text: '', finishReason: 'content_filter' },
    );
    expect(await openAi().complete({ messages, maxOutputTokens: 5 })).toMatchObject({
      text: 'Katkesi kes',
      finishReason: 'length',
    });
    expect((await openAi().complete({ messages })).finishReason).toBe('content_filter');
    expect(fake.requests[0]!.body).toMatchObject({ max_completion_tokens: 5 });
  });

  it('streams when asked when the prompt is processed: onPrefilled at the first chunk, then text, finish and usage', async () => {
    // The endpoint holds the text back until onPrefilled has been called: were it called only at the end
    // of the answer, this test would never finish.
    let prefilled!: () => void;
    const events: string[] = [];
    fake.enqueue({
      kind: 'completion',
      text: 'Virrattu vastaus.',
      finishReason: 'length',
      restAfter: new Promise<void>((resolve) => (prefilled = resolve)),
      usage: { prompt_tokens: 2000, completion_tokens: 9, cached_tokens: 1024 },
    });
    const result = await openAi().complete({
      messages,
      onPrefilled: () => {
        events.push('prefilled');
        prefilled();
      },
    });
    events.push('done');
    expect(fake.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(events).toEqual(['prefilled', 'done']);
    expect(result).toEqual({
      text: 'Virrattu vastaus.',
      model: 'test-model',
      finishReason: 'length',
      usage: { promptTokens: 2000, completionTokens: 9, cachedTokens: 1024 },
    });
  });

  it('the fake endpoint caches a prefix only for requests that start after its prefill finished', async () => {
    const shared = { role: 'user' as const, content: 'Asiakirja-aineisto. '.repeat(200) };
    const ask = (question: string, prefillMs: number) => {
      fake.enqueue({ kind: 'completion', usage: 'measured', prefillMs, delayMs: prefillMs + 50 });
      return openAi().complete({ messages: [shared, { role: 'user', content: question }], onPrefilled: () => {} });
    };
    // Two at once: neither finds the other's prefix processed.
    const [first, second] = await Promise.all([ask('Luku 1', 200), ask('Luku 2', 200)]);
    expect(first.usage?.cachedTokens).toBe(0);
    expect(second.usage?.cachedTokens).toBe(0);
    // Later: the shared case file is cached, the question is not.
    const third = await ask('Luku 3', 10);
    expect(third.usage!.cachedTokens).toBeGreaterThan(0.9 * third.usage!.promptTokens);
    expect(third.usage!.cachedTokens).toBeLessThan(third.usage!.promptTokens);
  });

  it('retries a 500 and then succeeds', async () => {
    fake.enqueue({ kind: 'error', status: 500 }, { kind: 'completion', text: 'after 500' });
    const result = await openAi().complete({ messages });
    expect(result.text).toBe('after 500');
    expect(fake.requests).toHaveLength(2);
    expect(retries).toEqual([{ attempt: 1, status: 500, delayMs: expect.any(Number) }]);
  });

  it('does not retry a 400', async () => {
    fake.enqueue({ kind: 'error', status: 400, body: { error: { message: 'bad request', type: 'invalid' } } });
    const { error } = await rejection(openAi().complete({ messages }));
    expect(error).toBeInstanceOf(ModelUnavailableError);
    expect((error as ModelUnavailableError).status).toBe(400);
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up with ModelUnavailableError once the retries are spent', async () => {
    fake.enqueue({ kind: 'error', status: 503 }, { kind: 'error', status: 502 }, { kind: 'error', status: 500 });
    const throttled: number[] = [];
    const { error } = await rejection(
      openAi({ maxRetries: 2 }).complete({ messages, onThrottled: (ms) => throttled.push(ms) }),
    );
    expect(error).toBeInstanceOf(ModelUnavailableError);
    expect(error.name).toBe('ModelUnavailableError');
    expect((error as ModelUnavailableError).status).toBe(500);
    // Only a 429 is a throttle the model budget hears of; a 5xx is the endpoint failing.
    expect(throttled).toEqual([]);
    expect(error.message).toContain('3 attempts');
    expect(fake.requests).toHaveLength(3);
  });

  it('retries connection failures', async () => {
    // Nothing listens on port 9 of loopback (discard), so every attempt is refused.
    const model = openAi({ baseURL: 'http://127.0.0.1:9/v1', maxRetries: 1 });
    const { error } = await rejection(model.complete({ messages }));
    expect(error).toBeInstanceOf(ModelUnavailableError);
    expect(error.message).toContain('2 attempts');
  });

  it('rejects with AbortError when aborted during a request that never answers', async () => {
    fake.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = openAi().complete({ messages, signal: controller.signal });
    await waitFor(() => fake.requests.length === 1);
    controller.abort();
    // The endpoint never answers (and the request timeout is 30 s): only the abort can end this.
    const { error } = await rejection(pending);
    expect(error.name).toBe('AbortError');
  });

  it('rejects with AbortError when aborted while waiting to retry', async () => {
    // Retry-After asks for an hour (capped at a minute): beyond this test's time limit, so only the abort ends it.
    fake.enqueue({ kind: 'error', status: 429, headers: { 'retry-after': '3600' } });
    const controller = new AbortController();
    const pending = openAi().complete({ messages, signal: controller.signal });
    await waitFor(() => fake.requests.length === 1);
    controller.abort();
    const { error } = await rejection(pending);
    expect(error.name).toBe('AbortError');
    expect(fake.requests).toHaveLength(1);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const { error } = await rejection(openAi().complete({ messages, signal: AbortSignal.abort() }));
    expect(error.name).toBe('AbortError');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('azure-openai model', () => {
  it('calls the deployment path with api-version and api-key', async () => {
    fake.enqueue({ kind: 'completion', text: 'Azure says hi', model: 'gpt-4o-2024-11-20' });
    const model = createOpenAiModel({
      kind: 'azure-openai',
      endpoint: fake.origin,
      deployment: 'ratkaisu-gpt',
      apiVersion: '2024-10-21',
      apiKey: 'azure-key',
      maxRetries: 0,
      timeoutMs: 30_000,
    });
    expect(model.kind).toBe('azure-openai');
    const result = await model.complete({ messages, temperature: 0 });
    expect(result.text).toBe('Azure says hi');
    expect(result.model).toBe('gpt-4o-2024-11-20');
    const request = fake.requests[0]!;
    expect(request.path).toBe('/openai/deployments/ratkaisu-gpt/chat/completions');
    expect(request.deployment).toBe('ratkaisu-gpt');
    expect(request.query.get('api-version')).toBe('2024-10-21');
    expect(request.headers['api-key']).toBe('azure-key');
    expect(request.body).toMatchObject({ messages, temperature: 0 });
  });

  it('uses a bearer token from the credential when no key is given', async () => {
    const model = createOpenAiModel(
      {
        kind: 'azure-openai',
        endpoint: fake.origin,
        deployment: 'ratkaisu-gpt',
        apiVersion: '2024-10-21',
        maxRetries: 0,
        timeoutMs: 30_000,
      },
      {
        credential: {
          getToken: async (scopes) => {
            expect(scopes).toEqual(['https://cognitiveservices.azure.com/.default']);
            return { token: 'entra-token', expiresOnTimestamp: Date.now() + 3_600_000 };
          },
        },
      },
    );
    await model.complete({ messages });
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer entra-token');
  });
});

describe('offline model', () => {
  const material: ChatMessage[] = [
    {
      role: 'system',
      content: 'Olet välimies.\n\n## Tausta ja osapuolet\n## Vaatimukset\n## Oikeudelliset kysymykset',
    },
    {
      role: 'user',
      content:
        'Laadi luku aineistosta.\n\n[K1 s.1]\nMyyjä Oy ja Ostaja Oy solmivat kauppasopimuksen 1.2.2023 koneen ' +
        'toimittamisesta. Kauppahinta oli 120 000 euroa.\n[K1 s.3]\nToimitus viivästyi kuusi viikkoa. Ostaja ' +
        'vaatii vahingonkorvauksena 15 000 euroa viivästyksen vuoksi.',
    },
  ];

  it('is labelled, extractive and deterministic', async () => {
    const model = createOfflineModel();
    expect(model.kind).toBe('offline');
    const first = await model.complete({ messages: material, temperature: 0.7 });
    const second = await model.complete({ messages: material, temperature: 0.7 });
    expect(second).toEqual(first);
    expect(first.model).toBe(OFFLINE_MODEL_NAME);
    expect(first.text.startsWith('> **Huom:** Tämä teksti on tuotettu ilman kielimallia (offline-tila)')).toBe(true);
    expect(first.text).toContain('Produced without a language model (offline mode)');
    expect(first.text).toContain('## Tausta ja osapuolet');
    expect(first.text).toContain('## Vaatimukset');
    expect(first.text).toContain('## Oikeudelliset kysymykset');
    expect(first.text).toContain('Kauppahinta oli 120 000 euroa. [K1 s.1]');
    expect(first.text).toContain('Ostaja vaatii vahingonkorvauksena 15 000 euroa viivästyksen vuoksi. [K1 s.3]');
  });

  it('honours the abort signal', async () => {
    const model = createOfflineModel();
    const { error } = await rejection(model.complete({ messages: material, signal: AbortSignal.abort() }));
    expect(error.name).toBe('AbortError');
    const controller = new AbortController();
    const pending = model.complete({ messages: material, signal: controller.signal });
    controller.abort();
    expect((await rejection(pending)).error.name).toBe('AbortError');
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
