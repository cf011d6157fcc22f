import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './support/test-host.js';

/**
 * Browser end-to-end tests against Debian's Chromium (no Playwright browser download).
 * - E2E_BASE_URL set: test that running app, start nothing.
 * - otherwise: start the local host (web/dist + API) on port 7191 (or E2E_PORT) with a fresh data directory.
 * Build first: `npm run build`.
 */
const externalBaseUrl = process.env.E2E_BASE_URL;
// E2E_PORT lets several checkouts on one machine run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 7191);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A new, empty data directory per run, created by the runner process and handed
 * to the workers (which load this file too) through E2E_DATA_DIR, so tests can
 * read the mail outbox.
 */
function freshDataDir(): string {
  process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ratkaisu-e2e-'));
  return process.env.E2E_DATA_DIR;
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: join(repoRoot, 'test-results', 'e2e'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${PORT}`,
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
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'node scripts/local-host.js',
        cwd: repoRoot,
        url: `http://127.0.0.1:${PORT}/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: String(PORT),
          DATA_DIR: freshDataDir(),
          RATKAISU_ENV: 'test',
          AZURITE_BLOB_PORT: '0',
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          // Every browser test registers from 127.0.0.1; the per-address limit is tested in tests/api.
          ACCOUNT_REQUESTS_PER_HOUR: '1000',
        },
      },
});
