// Decision: the product's decision pipeline (draftDecision: case file, the
// seven chapters by their dependency graph, citation check, the award PDF)
// through the product's OpenAI adapter against the fake OpenAI server of the
// tests, in a child process (decision-runner.js). Every call streams its first
// chunk once its prompt is processed (BENCH_DECISION_PREFILL_MS, default
// 300 ms) and ends after BENCH_DECISION_DELAY_MS (default 1500 ms — a real
// chapter takes tens of seconds, so model latency is what dominates); the fake
// endpoint counts a prompt prefix as cached only for requests that arrive
// after an earlier one with it has been processed, as Azure OpenAI does.
//
// Reported:
// - wall time of a decision on a case that fits the context (BENCH_DECISION_PAGES,
//   default 40 pages) against the dependency graph's critical path (1–4, then 5,
//   6, 7: four calls) plus the first call's prefill; goal: within 1.15×; the same
//   pipeline making its calls one after another (MODEL_CONCURRENCY 1) for scale;
// - the share of all input tokens of the decision the endpoint reported cached; goal ≥ 80 %;
// - the share of the chapter calls' input tokens in the prefix all seven share
//   (the instructions and the case file; counted with gpt-tokenizer); goal ≥ 90 %;
// - a 300-page case (through the dossier: condensed per document first): its
//   wall time and peak memory (memory-probe.js), no goal set for the time;
// - capacity: two large decisions (two 50-page documents each) at once through the model budget
//   as jobs run them, against fake deployments that enforce a quota of BENCH_CAPACITY_TPM (100,000) tokens
//   per window and count 3.5 characters a token: on one deployment, then on two; goal: two finish in at
//   most 0.6× the time of one. The window is BENCH_CAPACITY_WINDOW_SECONDS (default 10 s instead of
//   Azure's minute, so the run takes minutes: every wait scales with it, the ratio does not).
// BENCH_DECISION_PARTS=pipeline,capacity chooses the parts (default both).
import { pathToFileURL } from 'node:url';
import { chapterDependencies, criticalPathLength } from '../../functions/dist/services/decisions/chapter-graph.js';
import { finnishPdf } from './finnish-pdf.js';
import { envNumber, goalLine, median, root, startChild, stopChild } from './support.js';

const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const DELAY_MS = envNumber('BENCH_DECISION_DELAY_MS', 1500);
const PREFILL_MS = envNumber('BENCH_DECISION_PREFILL_MS', 300);
const PAGES = envNumber('BENCH_DECISION_PAGES', 40);
const BIG_PAGES = envNumber('BENCH_DECISION_BIG_PAGES', 300);
const CONTEXT_TOKENS = 128_000;
const GOAL_CRITICAL_PATH = 1.15;
const GOAL_CACHED_SHARE = 0.8;
const GOAL_PREFIX_SHARE = 0.9;
const MB = 1024 * 1024;
const PARTS = (process.env.BENCH_DECISION_PARTS ?? 'pipeline,capacity').split(',').map((part) => part.trim());
const CAPACITY_TPM = envNumber('BENCH_CAPACITY_TPM', 100_000);
const CAPACITY_WINDOW_SECONDS = envNumber('BENCH_CAPACITY_WINDOW_SECONDS', 10);
const CAPACITY_PAGES = envNumber('BENCH_CAPACITY_PAGES', 50);
const GOAL_TWO_DEPLOYMENTS = 0.6;

/** Two large decisions at once on one deployment, then on two: the wall time of both, each way. */
async function benchCapacity() {
  const claim = await finnishPdf(CAPACITY_PAGES);
  const answer = await finnishPdf(CAPACITY_PAGES);
  const cases = [
    [claim, answer],
    [claim, answer],
  ];
  const runs = {};
  for (const deployments of [1, 2]) {
    const child = await startChild(['scripts/bench/decision-runner.js'], {}, { ipc: true });
    try {
      runs[deployments] = await child.request({
        capacity: {
          cases,
          deployments,
          tokensPerWindow: CAPACITY_TPM,
          windowMs: CAPACITY_WINDOW_SECONDS * 1000,
          delayMs: DELAY_MS,
          prefillMs: PREFILL_MS,
          contextTokens: CONTEXT_TOKENS,
        },
      });
    } finally {
      await stopChild(child);
    }
  }
  console.log(
    `\nCapacity: two decisions on ${CAPACITY_PAGES}+${CAPACITY_PAGES}-page cases at once through the model budget, ` +
      `fake deployments of ${CAPACITY_TPM.toLocaleString('en')} tokens per ${CAPACITY_WINDOW_SECONDS}-s window ` +
      `(3.5 characters a token; model ${DELAY_MS} ms a call)\n`,
  );
  console.table(
    [1, 2].map((deployments) => ({
      deployments,
      'both done (s)': (runs[deployments].ms / 1000).toFixed(1),
      'admitted (s)': runs[deployments].results.map((result) => (result.admittedMs / 1000).toFixed(1)).join(' / '),
      'each done (s)': runs[deployments].results.map((result) => (result.doneMs / 1000).toFixed(1)).join(' / '),
      'calls per deployment': runs[deployments].calls.join(' / '),
      '429s': runs[deployments].throttled,
      'booked (tokens)': runs[deployments].results.map((result) => result.estimate.toLocaleString('en')).join(' / '),
    })),
  );
  const ratio = runs[2].ms / runs[1].ms;
  console.log(
    goalLine(
      ratio <= GOAL_TWO_DEPLOYMENTS,
      `decision capacity: two large decisions on two deployments in ${ratio.toFixed(2)}× the time of one ` +
        `(${(runs[2].ms / 1000).toFixed(1)} vs ${(runs[1].ms / 1000).toFixed(1)} s; goal ≤ ${GOAL_TWO_DEPLOYMENTS}×)`,
    ),
  );
}

export async function benchDecision() {
  if (PARTS.includes('pipeline')) await benchPipeline();
  if (PARTS.includes('capacity')) await benchCapacity();
}

async function benchPipeline() {
  const file = await finnishPdf(PAGES);
  const big = await finnishPdf(BIG_PAGES);
  const startRunner = () =>
    startChild(
      [
        '--expose-gc',
        '--import',
        pathToFileURL(`${root}scripts/bench/memory-probe.js`).href,
        'scripts/bench/decision-runner.js',
      ],
      {},
      { ipc: true },
    );
  const draft = (child, files, concurrency, delayMs = DELAY_MS, prefillMs = PREFILL_MS) =>
    child.request({ draft: { files, delayMs, prefillMs, concurrency, contextTokens: CONTEXT_TOKENS } });
  const rounds = [];
  let child = await startRunner();
  try {
    // Warm-up: pdf.js, the fonts, the tokenizer's tables.
    await draft(child, [file], 4, 10, 2);
    for (let round = 0; round < ROUNDS; round++) {
      const sequential = await draft(child, [file], 1);
      const parallel = await draft(child, [file], 4);
      rounds.push({ sequential, parallel });
    }
  } finally {
    await stopChild(child);
  }
  // The 300-page case in a fresh process, so its peak is what one such decision needs (text extraction included).
  let bigRun;
  child = await startRunner();
  try {
    const armed = await child.request({ probe: 'arm' });
    const run = await draft(child, [big], 4, 200, 40);
    const { peak } = await child.request({ probe: 'peak' });
    bigRun = { ...run, peak, growth: peak - armed.rss, method: armed.method };
  } finally {
    await stopChild(child);
  }

  for (const { sequential, parallel } of rounds) {
    if (sequential.condensed || parallel.condensed) throw new Error(`A ${PAGES}-page case should fit the context.`);
    if (sequential.chapterCalls !== 7 || parallel.chapterCalls !== 7) throw new Error('Expected seven chapter calls.');
    if (!parallel.dispositive) throw new Error('Expected the dispositive part from chapter 6.');
  }
  if (!bigRun.condensed) throw new Error(`The ${BIG_PAGES}-page case should have gone through the dossier.`);

  const criticalMs = criticalPathLength(chapterDependencies(7)) * DELAY_MS + PREFILL_MS;
  const sequentialMs = median(rounds.map((round) => round.sequential.ms));
  const parallelMs = median(rounds.map((round) => round.parallel.ms));
  const cachedShare = median(rounds.map((round) => round.parallel.cachedShare));
  const { usage } = rounds[0].parallel;
  const share = rounds[0].parallel.share;
  const ratio = parallelMs / criticalMs;
  console.log(
    `\nDecision: draftDecision on a ${PAGES}-page case through the OpenAI adapter against the fake endpoint ` +
      `(first chunk after ${PREFILL_MS} ms, answer after ${DELAY_MS} ms per call), median of ${ROUNDS} alternating rounds\n`,
  );
  console.table([
    {
      pipeline: 'calls one after another (MODEL_CONCURRENCY 1)',
      ms: Math.round(sequentialMs),
      calls: rounds[0].sequential.calls,
    },
    {
      pipeline: 'dependency graph (1 → 2–4 at its prefill → 5 → 6 → 7)',
      ms: Math.round(parallelMs),
      calls: rounds[0].parallel.calls,
    },
    { pipeline: 'critical path + first prefill', ms: criticalMs, calls: '' },
    {
      pipeline: `${BIG_PAGES}-page case via the dossier (model 200 ms/call)`,
      ms: Math.round(bigRun.ms),
      calls: bigRun.calls,
    },
  ]);
  console.log(
    goalLine(
      ratio <= GOAL_CRITICAL_PATH,
      `decision: wall time ${ratio.toFixed(3)}× the dependency graph's critical path plus the first prefill ` +
        `(${Math.round(parallelMs)} vs ${criticalMs} ms; goal ≤ ${GOAL_CRITICAL_PATH}×; one after another: ${Math.round(sequentialMs)} ms)`,
    ),
  );
  console.log(
    goalLine(
      cachedShare >= GOAL_CACHED_SHARE,
      `decision: ${(100 * cachedShare).toFixed(1)} % of all input tokens reported cached by the endpoint ` +
        `(${usage.cachedTokens.toLocaleString('en')} of ${usage.promptTokens.toLocaleString('en')}; ` +
        `goal ≥ ${GOAL_CACHED_SHARE * 100} %); estimated cost €${usage.estimatedCostEur?.toFixed(4)}`,
    ),
  );
  console.log(
    goalLine(
      share >= GOAL_PREFIX_SHARE,
      `decision: ${(100 * share).toFixed(1)} % of the chapter calls' input tokens are in the shared prefix ` +
        `(instructions + case file; goal ≥ ${GOAL_PREFIX_SHARE * 100} %)`,
    ),
  );
  for (const [label, run] of [
    [`${PAGES}-page case`, rounds[0].parallel],
    [`${BIG_PAGES}-page case`, bigRun],
  ]) {
    console.log(
      `            decision: ${label}: the model budget estimated ${run.estimate.tokens.toLocaleString('en')} tokens ` +
        `in ${run.estimate.requests} calls before it started; its ${run.calls} calls counted ` +
        `${(run.quota.prompt + run.quota.limits).toLocaleString('en')} against the quota ` +
        `(${run.quota.prompt.toLocaleString('en')} prompt tokens by the model's tokenizer + ` +
        `${run.quota.limits.toLocaleString('en')} of completion limits), ${run.usage.completionTokens.toLocaleString('en')} written`,
    );
  }
  console.log(
    `            decision: ${BIG_PAGES}-page case: peak RSS ${(bigRun.peak / MB).toFixed(1)} MiB, growth ` +
      `${(bigRun.growth / MB).toFixed(1)} MiB in a fresh process for one decision, text extraction included ` +
      `(${bigRun.method}; no goal set); ` +
      `${(100 * bigRun.share).toFixed(1)} % of its chapter input in the shared prefix, ` +
      `${(100 * bigRun.cachedShare).toFixed(1)} % of all its input reported cached`,
  );
}
