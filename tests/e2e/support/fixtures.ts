import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import { E2E_ADMIN, E2E_TOTP_WINDOW_STEPS } from './test-host.js';

/**
 * The browser tests' `test`: every Playwright worker runs its specs against a local host of its own — its own
 * process, port and empty data directory — so two workers run side by side without sharing accounts, cases,
 * mail or the super-administrator's undecided terms. `baseURL` (pages and `request`) points at the worker's
 * host, and E2E_DATA_DIR at its data directory (the mail outbox `latestMailTo` reads).
 *
 * With E2E_BASE_URL set, the tests run against that app instead and start nothing.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/** Worker n's host listens on E2E_PORT + n (7191 unless set), so several checkouts can run side by side. */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 7191);

/** The settings the hosts of the browser tests run with. */
export function e2eHostEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    RATKAISU_ENV: 'test',
    AZURITE_BLOB_PORT: '0',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // Every browser test registers from 127.0.0.1; the per-address limit is tested in tests/api.
    ACCOUNT_REQUESTS_PER_HOUR: '1000',
    // Second-factor codes of the next steps too, so a test takes several without waiting 30 s for each.
    TOTP_WINDOW_STEPS: String(E2E_TOTP_WINDOW_STEPS),
    // Argon2id at a light cost: the specs register and sign in dozens of accounts.
    PASSWORD_HASH_COST: 'test',
    // The scenario builders' route (POST /api/test/seed): specs start from a written state, not a walked one.
    TEST_SEEDING: 'true',
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the test host exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the test host did not answer ${url}/health within 120 s:\n${output()}`);
}

interface WorkerHost {
  url: string;
  dataDir: string;
}

export const test = base.extend<{ closeOwnContexts: void }, { workerHost: WorkerHost }>({
  workerHost: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const external = process.env.E2E_BASE_URL;
      if (external) {
        await use({ url: external, dataDir: process.env.E2E_DATA_DIR ?? '' });
        return;
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'ratkaisu-e2e-'));
      const port = FIRST_PORT + workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      let output = '';
      const child = spawn(process.execPath, ['scripts/local-host.js'], {
        cwd: repoRoot,
        env: { ...process.env, ...e2eHostEnv(port, dataDir) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      try {
        await waitForHealth(url, child, () => output);
        process.env.E2E_DATA_DIR = dataDir;
        await use({ url, dataDir });
      } finally {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
          if (child.exitCode === null) child.kill('SIGKILL');
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // Starting a host (Azurite, the store, the first administrator) takes seconds, more on a busy machine.
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ workerHost }, use) => {
    await use(workerHost.url);
  },
  // The browser contexts a test opens itself (a second party, a phone, another device) are closed when it ends:
  // left open, every later test of the worker's one browser carried them, and a failing test's teardown traced and
  // screenshotted all of them (once past its time limit).
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});

export { expect };
