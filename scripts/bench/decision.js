// Decision: the product's decision pipeline (draftDecision: case file, the
// seven chapters, citation check, the award PDF) with a fake model that
// answers every call after a fixed delay (BENCH_DECISION_DELAY_MS, default
// 1500 ms — a real chapter takes tens of seconds, so model latency is what
// dominates), in a child process (decision-runner.js).
//
// Reported:
// - wall time of a decision on a case that fits the context (BENCH_DECISION_PAGES,
//   default 40 pages) with the chapters in two parallel rounds, against the
//   baseline of the same pipeline making its seven calls one after another
//   (MODEL_CONCURRENCY 1), alternating rounds; goal: at least 3× faster;
// - the share of the chapter calls' input tokens in the prefix all seven share
//   (the instructions and the case file; counted with gpt-tokenizer); goal ≥ 90 %;
// - a 300-page case (through the dossier: condensed per document first): its
//   wall time and peak memory (memory-probe.js), no goal set for the time.
import { pathToFileURL } from 'node:url';
import { finnishPdf } from './finnish-pdf.js';
import { envNumber, goalLine, median, root, startChild, stopChild } from './support.js';

const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const DELAY_MS = envNumber('BENCH_DECISION_DELAY_MS', 1500);
const PAGES = envNumber('BENCH_DECISION_PAGES', 40);
const BIG_PAGES = envNumber('BENCH_DECISION_BIG_PAGES', 300);
const CONTEXT_TOKENS = 128_000;
const GOAL_SPEEDUP = 3;
const GOAL_PREFIX_SHARE = 0.9;
const MB = 1024 * 1024;

export async function benchDecision() {
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
  const draft = (child, files, concurrency, delayMs = DELAY_MS) =>
    child.request({ draft: { files, delayMs, concurrency, contextTokens: CONTEXT_TOKENS } });
  const rounds = [];
  let child = await startRunner();
  try {
    // Warm-up: pdf.js, the fonts, the tokenizer's tables.
    await draft(child, [file], 4, 10);
    for (let round = 0; round < ROUNDS; round++) {
      const sequential = await draft(child, [file], 1);
      const parallel = await draft(child, [file], 4);
      rounds.push({ sequential, parallel, speedup: sequential.ms / parallel.ms });
    }
  } finally {
    await stopChild(child);
  }
  // The 300-page case in a fresh process, so its peak is what one such decision needs (text extraction included).
  let bigRun;
  child = await startRunner();
  try {
    const armed = await child.request({ probe: 'arm' });
    const run = await draft(child, [big], 4, 200);
    const { peak } = await child.request({ probe: 'peak' });
    bigRun = { ...run, peak, growth: peak - armed.rss, method: armed.method };
  } finally {
    await stopChild(child);
  }

  for (const { sequential, parallel } of rounds) {
    if (sequential.condensed || parallel.condensed) throw new Error(`A ${PAGES}-page case should fit the context.`);
    if (sequential.chapterCalls !== 7 || parallel.chapterCalls !== 7) throw new Error('Expected seven chapter calls.');
  }
  if (!bigRun.condensed) throw new Error(`The ${BIG_PAGES}-page case should have gone through the dossier.`);

  const bySpeedup = [...rounds].sort((a, b) => a.speedup - b.speedup);
  const { speedup } = bySpeedup[Math.floor(bySpeedup.length / 2)];
  const share = rounds[0].parallel.share;
  const sequentialMs = median(rounds.map((round) => round.sequential.ms));
  const parallelMs = median(rounds.map((round) => round.parallel.ms));
  console.log(
    `\nDecision: draftDecision on a ${PAGES}-page case, fake model answering after ${DELAY_MS} ms per call, ` +
      `median of ${ROUNDS} alternating rounds\n`,
  );
  console.table([
    { pipeline: 'seven calls in sequence (baseline)', ms: Math.round(sequentialMs), calls: rounds[0].sequential.calls },
    { pipeline: 'two parallel rounds (1–4, then 5–7)', ms: Math.round(parallelMs), calls: rounds[0].parallel.calls },
    {
      pipeline: `${BIG_PAGES}-page case via the dossier (model 200 ms/call)`,
      ms: Math.round(bigRun.ms),
      calls: bigRun.calls,
    },
  ]);
  console.log(
    goalLine(
      speedup >= GOAL_SPEEDUP,
      `decision: two parallel rounds took 1/${speedup.toFixed(2)} of the seven-in-sequence time ` +
        `(${Math.round(parallelMs)} vs ${Math.round(sequentialMs)} ms; goal ≥ ${GOAL_SPEEDUP}× faster)`,
    ),
  );
  console.log(
    goalLine(
      share >= GOAL_PREFIX_SHARE,
      `decision: ${(100 * share).toFixed(1)} % of the chapter calls' input tokens are in the shared prefix ` +
        `(instructions + case file; goal ≥ ${GOAL_PREFIX_SHARE * 100} %)`,
    ),
  );
  console.log(
    `            decision: ${BIG_PAGES}-page case: peak RSS ${(bigRun.peak / MB).toFixed(1)} MiB, growth ` +
      `${(bigRun.growth / MB).toFixed(1)} MiB in a fresh process for one decision, text extraction included ` +
      `(${bigRun.method}; no goal set); ` +
      `${(100 * bigRun.share).toFixed(1)} % of its chapter input in the shared prefix`,
  );
}
