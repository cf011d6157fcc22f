// First load: the JavaScript a visitor's browser downloads before the sign-in
// page (where `/` sends a signed-out visitor) is interactive, gzip-compressed
// as Static Web Apps serves it. The SPA is built as production builds it, with
// work-account sign-in configured (VITE_ENTRA_*), into a folder of its own, so
// what a deployment with Entra ID loads is measured, MSAL included if it were
// loaded. Measured in Debian's Chromium against that build on the local host:
// every script response until the page's load event and a quiet network (the
// entry, its modulepreloads and the sign-in route's chunks), each body gzipped
// at level 9, summed; every script index.html names must be among them. The
// baseline is the goal itself (200 KB), since there is nothing to
// run beside it.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freshDataDir, goalLine, hostEnv, root, startChild, stopChild } from './support.js';

const GOAL_KB = 200;
/** Any well-formed values: the page never calls Microsoft before a work-account sign-in is chosen. */
const ENTRA_BUILD_ENV = {
  VITE_ENTRA_CLIENT_ID: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  VITE_ENTRA_API_SCOPE: 'api://0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d/access_as_user',
};

/** The scripts index.html loads by itself: the entry and its modulepreloads. */
function scriptsNamedIn(html) {
  return [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
    (match) => match[1],
  );
}

export async function benchFirstLoad() {
  const dataDir = freshDataDir();
  const webDist = path.join(dataDir, 'web-dist');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist], {
    cwd: path.join(root, 'web'),
    env: { ...process.env, ...ENTRA_BUILD_ENV },
    stdio: 'ignore',
  });
  const named = scriptsNamedIn(readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  const host = await startChild(['scripts/local-host.js'], hostEnv(dataDir, { WEB_DIST_DIR: webDist }));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const scripts = [];
  try {
    const page = await browser.newPage();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body)
        scripts.push({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
    });
    await page.goto(`http://127.0.0.1:${host.port}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    // The build has Entra configured: the work-account button shows, and MSAL must not have been needed for it.
    await page.getByRole('button', { name: /Microsoft/ }).waitFor();
  } finally {
    await browser.close();
    await stopChild(host);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const missed = named.filter((url) => !scripts.some((script) => script.url === url));
  if (missed.length > 0) throw new Error(`index.html names scripts the measurement missed: ${missed.join(', ')}`);
  scripts.sort((a, b) => b.gzip - a.gzip);
  const totalKb = scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024;
  console.log(
    `\nFirst load: scripts of / (the sign-in page for a signed-out visitor, Entra configured), gzip level 9\n`,
  );
  console.table(
    scripts.map((script) => ({
      script: script.url,
      'raw KB': +(script.raw / 1024).toFixed(1),
      'gzip KB': +(script.gzip / 1024).toFixed(1),
    })),
  );
  console.log(
    goalLine(
      totalKb <= GOAL_KB,
      `first load: ${totalKb.toFixed(1)} KB of gzipped JavaScript in ${scripts.length} scripts (goal ≤ ${GOAL_KB} KB)`,
    ),
  );
}
