import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger } from '../log.js';
import { closePdfWorkers } from '../pdf/pdf-worker-pool.js';
import { defaultCasesDir } from './gold-case.js';
import { loadConfig } from '../config.js';
import { createStore } from '../composition-root.js';
import { systemClock } from '../ports/clock.js';
import { recordEvaluation } from '../services/evaluations/record-evaluation.js';
import { evaluationView, runEval } from './run-eval.js';

/**
 * npm run eval -- --model offline --out <dir>
 * npm run eval -- --model openai --base-url <url> --deployment <name> [--cases smoke|all|id,id] [--out <dir>]
 * --publish also keeps the scorecard in the product's store, for the admin panel's AI oversight tab.
 * Exits 1 when a gated metric falls below its threshold, 2 when the run itself fails (docs/eval.md).
 */
const { values } = parseArgs({
  options: {
    model: { type: 'string', default: 'offline' },
    'base-url': { type: 'string' },
    deployment: { type: 'string' },
    cases: { type: 'string', default: 'all' },
    out: { type: 'string' },
    baseline: { type: 'string' },
    'save-baseline': { type: 'boolean', default: false },
    publish: { type: 'boolean', default: false },
    rubric: { type: 'boolean', default: false },
  },
});

const root = path.resolve(defaultCasesDir(), '../..');
const model = values.model;
if (model !== 'offline' && model !== 'openai') {
  console.error('--model is offline or openai');
  process.exit(2);
}
try {
  const { card, files } = await runEval({
    model,
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
    ...(values.deployment ? { deployment: values.deployment } : {}),
    cases: values.cases,
    ...(values.out ? { out: values.out } : {}),
    casesDir: defaultCasesDir(),
    baseline: values.baseline ?? path.join(root, 'eval', 'baseline', 'offline.json'),
    saveBaseline: values['save-baseline'],
    rubric: values.rubric,
    env: process.env,
    log: createLogger({ level: 'warn' }),
  });
  for (const [name, metric] of Object.entries(card.metrics)) {
    const mean = metric.mean === null ? '   –  ' : `${(metric.mean * 100).toFixed(1).padStart(5)}%`;
    const delta = metric.delta === null ? '' : ` (${metric.delta >= 0 ? '+' : ''}${(metric.delta * 100).toFixed(1)})`;
    console.log(
      `${name.padEnd(24)} ${mean}${delta}${metric.gated ? ` ≥ ${(metric.threshold * 100).toFixed(0)}%` : ''}`,
    );
  }
  if (card.rubric) {
    const mean = card.rubric.mean === null ? '–' : `${(card.rubric.mean * 100).toFixed(1)}%`;
    console.log(`rubric (model-graded, not gated) ${mean} over ${card.rubric.graded} cases`);
  }
  for (const file of files) console.log(`wrote ${file}`);
  if (values.publish) {
    // The product's own store (DATA_DIR's SQLite file, or Cosmos DB by COSMOS_*): the admin panel shows it from there.
    const store = await createStore(loadConfig(process.env), systemClock);
    try {
      await recordEvaluation({ store }, evaluationView(card));
      console.log('published to the AI oversight tab');
    } finally {
      await store.close();
    }
  }
  if (card.failed.length > 0) {
    console.error(`Below threshold: ${card.failed.join(', ')}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
} finally {
  await closePdfWorkers();
}
