#!/usr/bin/env node
/**
 * Per-spec durations of a Playwright JSON report (`PLAYWRIGHT_JSON_OUTPUT_NAME=r.json npx playwright test
 * --reporter=list,json …`): each spec file's summed test time, its tests and failures, slowest first, and the
 * run's wall time. `node scripts/e2e-spec-durations.js report.json` — the figures in docs/testing.md.
 */
import { readFileSync } from 'node:fs';

const [report] = process.argv.slice(2);
if (!report) {
  console.error('usage: node scripts/e2e-spec-durations.js report.json');
  process.exit(2);
}
const parsed = JSON.parse(readFileSync(report, 'utf8'));
const files = new Map();

function walk(suite, file) {
  const here = suite.file ?? file;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? []) {
        const entry = files.get(here) ?? { ms: 0, tests: 0, failed: 0 };
        entry.ms += result.duration ?? 0;
        entry.tests += 1;
        if (result.status !== 'passed' && result.status !== 'skipped') entry.failed += 1;
        files.set(here, entry);
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, here);
}
for (const suite of parsed.suites ?? []) walk(suite, suite.file);

const rows = [...files.entries()].sort((a, b) => b[1].ms - a[1].ms);
const total = rows.reduce((sum, [, entry]) => sum + entry.ms, 0);
for (const [file, entry] of rows) {
  const failed = entry.failed > 0 ? `, ${entry.failed} failed` : '';
  console.log(`${(entry.ms / 1000).toFixed(1).padStart(7)} s  ${file} (${entry.tests} tests${failed})`);
}
const wall = parsed.stats?.duration;
console.log(
  `${(total / 1000).toFixed(1).padStart(7)} s  summed over ${rows.length} spec files` +
    (wall ? `; wall time ${(wall / 1000).toFixed(0)} s` : ''),
);
