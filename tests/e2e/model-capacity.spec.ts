import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { PDFDocument } from 'pdf-lib';
import { loadConfig } from '../../functions/dist/config.js';
import { startLocalHost, type LocalHost } from '../../functions/dist/local/host.js';
import { start as startFakeOpenAi, type ChatBody, type FakeOpenAi, type FakeResponse } from '../support/fake-openai.js';
import { shot } from './support/test-host.js';

/**
 * Honest waits: the public generator's page, against a local host of its own
 * whose model is a fake endpoint enforcing a small quota (100,000 tokens a window, 3.5 characters a token).
 * Another application on the same deployment has just spent most of the window: the first answer's
 * `x-ratelimit-remaining-tokens` tells the budget, which lowers what it admits, so the decision's next
 * chapters wait for room — and the page says "Waiting for model capacity before chapter 2 of 7 — …", not
 * "Writing chapter 2 of 7". Once the window has passed, the decision is written and offered for download,
 * without the endpoint ever refusing a call.
 *
 * The window is 20 s rather than Azure's minute (`MODEL_BUDGET_WINDOW_SECONDS`, and the fake's quota alike):
 * the same arithmetic and the same screens, a third of the wait. The page checks the job every 5 s at most
 * (web/src/ui/job-progress/job-poll-timing.ts), so it still sees the wait several times.
 */

/** The quota's window, on the host's budget and on the fake deployment alike. */
const WINDOW_SECONDS = 20;

const DEJAVU_SERIF = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf');
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

async function finnishPdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(DEJAVU_SERIF, { subset: true });
  const page = doc.addPage();
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  return Buffer.from(await doc.save());
}

const CLAIM = [
  'Haastehakemus',
  'Kantaja Rakennus Oy vaatii, että vastaaja Kaluste Ab velvoitetaan maksamaan 12 400 euroa.',
  'Kalusteet toimitettiin kuusi viikkoa myöhässä 15.4.2026.',
];

function chapterOf(body: ChatBody | undefined): number {
  const asks = (body?.messages ?? []).filter((message) => message.role === 'user').map((message) => message.content);
  for (const content of asks.reverse()) {
    const match = /välitystuomion luku (\d)/u.exec(content);
    if (match) return Number(match[1]);
  }
  return 0;
}

let fake: FakeOpenAi;
let host: LocalHost;

test.beforeAll(async () => {
  fake = await startFakeOpenAi({ charsPerToken: 3.5 });
  fake.limitTokens({ tokensPerWindow: 100_000, windowMs: WINDOW_SECONDS * 1000 });
  fake.respondWith((body): FakeResponse => {
    const chapter = chapterOf(body);
    return {
      kind: 'completion',
      text:
        `## ${chapter}. Otsikko\n\nLuvun ${chapter} teksti. Kauppahinta oli 12 400 euroa [K1 s.1].` +
        (chapter === 6 ? `\n\n\`\`\`json\n${JSON.stringify(DISPOSITIVE)}\n\`\`\`` : ''),
      usage: 'measured',
      prefillMs: 20,
      delayMs: 50,
    };
  });
  const config = loadConfig({
    RATKAISU_ENV: 'test',
    PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ratkaisu-e2e-capacity-')),
    AZURITE_BLOB_PORT: '0',
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_MODEL: 'capacity-model',
    MODEL_TPM: '100000',
    MODEL_RPM: '600',
    MODEL_BUDGET_WINDOW_SECONDS: String(WINDOW_SECONDS),
    ANONYMOUS_DECISIONS_PER_HOUR: '10',
  });
  host = await startLocalHost(config);
});

test.afterAll(async () => {
  await host?.close();
  await fake?.close();
});

async function dropFiles(page: Page, zone: Locator, files: { name: string; base64: string }[]): Promise<void> {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      data.items.add(new File([bytes], file.name, { type: 'application/pdf' }));
    }
    return data;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer: transfer });
}

test('the public page says it waits for model capacity, with its place and wait, then writes the decision', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const pdf = await finnishPdf(CLAIM);
  await page.goto(`${host.url}/login`);
  await page.getByRole('link', { name: 'Try a draft decision without an account' }).click();
  const zone = page.getByRole('button', { name: 'Upload PDF files for the decision Drop PDF files here' });
  await dropFiles(page, zone, [{ name: 'Haastehakemus.pdf', base64: pdf.toString('base64') }]);
  // Another application on the deployment spends 75,000 of this window's 100,000 tokens.
  fake.useElsewhere(75_000);
  await page.getByRole('button', { name: 'Create decision', exact: true }).click();

  const status = page.getByTestId('anonymous-progress').getByRole('status');
  await expect(status).toContainText(
    /Waiting for model capacity before chapter \d of 7 — (next|\d+(st|nd|rd|th)) in line, about \d+ (seconds|minutes?)/,
    { timeout: 90_000 },
  );
  await expect(status).not.toContainText('Writing');
  // The time left is never shorter than the wait the same status states (both from one answer).
  const seconds = (text: string | null) => {
    const match = /about (\d+) (second|minute)/iu.exec(text ?? '');
    return match ? Number(match[1]) * (match[2] === 'minute' ? 60 : 1) : 0;
  };
  const [stage, left] = await page.evaluate(() =>
    ['job-progress-stage', 'job-progress-estimate'].map(
      (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null,
    ),
  );
  const wait = seconds(stage ?? null);
  expect(wait).toBeGreaterThan(0);
  expect(seconds(left ?? null)).toBeGreaterThanOrEqual(wait);
  await shot(page, 'capacity-waiting');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(status).toContainText('Waiting for model capacity');
  await shot(page, 'capacity-waiting-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The window passes: the decision is written and offered.
  const success = page.getByTestId('anonymous-success');
  await expect(success).toBeVisible({ timeout: 180_000 });
  await expect(success).toContainText('Your decision is ready');
  // The budget listened to the deployment: it never had to refuse a call.
  expect(fake.throttled).toBe(0);
});
