#!/usr/bin/env node
// npm run bench: each benchmark is reported as a ratio against a baseline
// measured in the same run, never as an absolute number to compare across machines.
// On a shared machine the absolute numbers drift; only the goal lines judge.
//
//   npm run bench                      every benchmark
//   npm run bench -- upload case-list  only these (or BENCH=upload,case-list)
//   npm run bench -- chaos [--seconds N | --quick]  the chaos run (only when named; default 180 s, quick 60 s)
//
// Rounds and sizes: BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS (HTTP layer),
// BENCH_UPLOAD_ROUNDS (upload), BENCH_PARALLEL_ROUNDS (upload-parallel: 10 uploads at once), BENCH_LIST_CASES, BENCH_LIST_REQUESTS,
// BENCH_LIST_CONCURRENCY (case list; BENCH_ROUNDS too), BENCH_CASE_ROUTE_SECONDS, BENCH_CASE_ROUTE_CONNECTIONS,
// BENCH_CASE_MIX_SECONDS, BENCH_CASE_MIX_CONNECTIONS, BENCH_CASE_ROUTES, BENCH_CPU_PROFILE_DIR (case-routes),
// BENCH_EXTRACTION_ROUNDS,
// BENCH_EXTRACTION_PAGES (extraction), BENCH_DECISION_DELAY_MS, BENCH_DECISION_PAGES,
// BENCH_DECISION_BIG_PAGES (decision; BENCH_ROUNDS too), BENCH_CITATIONS_PAGES, BENCH_CITATIONS_DELAY_MS
// (citations; BENCH_ROUNDS too), BENCH_OCR_PAGES (ocr), BENCH_ROUNDS (sanitize). first-load: the sign-in page's gzipped scripts
// (on a build with Entra configured, made into a temporary folder).
import { benchCaseList } from './case-list.js';
import { benchChaos } from './chaos.js';
import { benchCaseRoutes } from './case-routes.js';
import { benchCitations } from './citations.js';
import { benchDecision } from './decision.js';
import { benchExtraction } from './extraction.js';
import { benchFirstLoad } from './first-load.js';
import { benchHttpLayer } from './http-layer.js';
import { benchOcr } from './ocr.js';
import { benchSanitize } from './sanitize.js';
import { benchParallelUpload, benchUpload } from './upload.js';

const BENCHMARKS = {
  http: benchHttpLayer,
  upload: benchUpload,
  'upload-parallel': benchParallelUpload,
  'case-list': benchCaseList,
  'case-routes': benchCaseRoutes,
  extraction: benchExtraction,
  decision: benchDecision,
  citations: benchCitations,
  'first-load': benchFirstLoad,
  ocr: benchOcr,
  sanitize: benchSanitize,
  // Not in the default set: it runs for minutes and fails on purpose when a check fails.
  chaos: benchChaos,
};
const ON_REQUEST = new Set(['chaos']);

// Flags for the benchmarks that take them (`--seconds N`, `--quick`), the rest are benchmark names.
const options = {};
const names = [];
const argv = process.argv.slice(2);
for (let index = 0; index < argv.length; index++) {
  const arg = argv[index];
  if (arg === '--quick') options.quick = true;
  else if (arg === '--seconds') options.seconds = argv[++index];
  else if (arg.startsWith('--seconds=')) options.seconds = arg.slice('--seconds='.length);
  else names.push(arg);
}

const chosen = [...names, ...(process.env.BENCH ?? '').split(',')].map((name) => name.trim()).filter(Boolean);
const unknown = chosen.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHMARKS).join(', ')}.`);
  process.exit(2);
}

const failures = [];
const everyDefault = Object.keys(BENCHMARKS).filter((name) => !ON_REQUEST.has(name));
for (const name of chosen.length > 0 ? chosen : everyDefault) {
  try {
    await BENCHMARKS[name](options);
  } catch (error) {
    // One benchmark that cannot run (a route not built yet) must not hide the others' numbers.
    failures.push(name);
    console.error(`\n${name}: could not run: ${error instanceof Error ? error.message : String(error)}`);
  }
}
if (failures.length > 0) process.exit(1);
