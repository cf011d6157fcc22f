import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Browser end-to-end tests against Debian's Chromium (no Playwright browser download).
 * - E2E_BASE_URL set: test that running app, start nothing.
 * - otherwise: each worker starts a local host of its own (web/dist + API, a fresh data directory) on port
 *   E2E_PORT + its index (7191 unless set): `support/fixtures.ts`.
 * Two workers (E2E_WORKERS to change): a spec spends much of its time waiting on its host (a queue, a model
 * job, a PDF), so two at once use the machine where one left it idle.
 * Tests, not files, are shared out between the workers (`fullyParallel`): no two tests share an account, a case
 * or a mail (each makes its own, through the host's scenario builders, support/test-host.ts), so a file of many
 * tests no longer keeps one worker busy while the other has finished.
 * Build first: `npm run build`.
 */
const externalBaseUrl = process.env.E2E_BASE_URL;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: join(repoRoot, 'test-results', 'e2e'),
  fullyParallel: true,
  workers: externalBaseUrl ? 1 : Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // npm test runs the browser tests beside the API tests, two workers: margins for a busy 2-core machine.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    ...(externalBaseUrl ? { baseURL: externalBaseUrl } : {}),
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
});
