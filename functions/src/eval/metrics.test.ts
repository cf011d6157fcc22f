import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../log.js';
import { closePdfWorkers } from '../pdf/pdf-worker-pool.js';
import { defaultCasesDir, loadGoldCases } from './gold-case.js';
import { METRIC_NAMES, scoreCase, type MetricName } from './metrics.js';
import { evalConfig } from './run-eval.js';
import { runCase } from './run-case.js';
import { buildScorecard, type Scorecard } from './scorecard.js';
import { createSeededModel, SEEDED_DEFECTS, type SeededDefect } from './seeded-model.js';

/**
 * The metrics proven on the production pipeline: a fake model writing the gold decision scores full marks on
 * every metric that applies, and each seeded defect lowers exactly its own metric.
 */
const cases = loadGoldCases(defaultCasesDir(), ['01-kauppa-terasputket', '02-urakka-loppuera']);
const config = evalConfig({ model: 'offline' });

async function score(defects: readonly SeededDefect[]): Promise<Scorecard['metrics']> {
  const model = createSeededModel(cases, defects);
  const perCase = [];
  for (const gold of cases) {
    const { draft, wallMs } = await runCase(gold, { model, config, log: silentLogger });
    perCase.push(scoreCase(gold, draft, wallMs));
  }
  const card = buildScorecard(
    {
      model: 'seeded',
      deployment: null,
      baseUrl: null,
      promptVersion: 'x',
      cases: 'test',
      startedAt: '',
      offline: false,
    },
    perCase,
  );
  if (process.env.EVAL_DEBUG)
    console.log(
      defects,
      perCase.map((item) => item.findings),
    );
  return card.metrics;
}

const OWN_METRIC: Record<SeededDefect, MetricName> = {
  wrongAmount: 'amountAccuracy',
  inventedPrecedent: 'authorityValidity',
  undecidedClaim: 'claimCoverage',
  obeyedInstruction: 'trapHiddenInstruction',
  cutChapter: 'chapterCompleteness',
};

let clean: Scorecard['metrics'];

beforeAll(async () => {
  clean = await score([]);
}, 60_000);

afterAll(async () => {
  await closePdfWorkers();
});

describe('the evaluation metrics', () => {
  it('give the gold decision full marks on every metric', () => {
    for (const name of METRIC_NAMES) expect(clean[name].mean, name).toBe(1);
  });

  it('find every case of the set consistent: its gold decision, written out, scores full marks', async () => {
    const all = loadGoldCases(defaultCasesDir());
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((gold) => gold.kind))).toEqual(
      new Set(['sale of goods', 'construction', 'services', 'lease', 'IT delivery', 'agency']),
    );
    expect(new Set(all.map((gold) => gold.outcome))).toEqual(new Set(['upheld', 'partly', 'dismissed']));
    const traps = all.flatMap((gold) => gold.gold.traps.map((item) => item.kind));
    expect(new Set(traps)).toEqual(new Set(['conflicting-figure', 'invented-authority', 'hidden-instruction']));
    expect(all.some((gold) => gold.gold.setOff)).toBe(true);
    const model = createSeededModel(all);
    for (const gold of all) {
      const { draft, wallMs } = await runCase(gold, { model, config, log: silentLogger });
      const { metrics, findings } = scoreCase(gold, draft, wallMs);
      const short = METRIC_NAMES.filter((name) => metrics[name] !== null && metrics[name] !== 1);
      expect(short, `${gold.id}: ${findings.join('; ')}`).toEqual([]);
    }
  }, 120_000);

  it.each(SEEDED_DEFECTS)(
    'move only their own metric when the model makes the defect: %s',
    async (defect) => {
      const seeded = await score([defect]);
      const own = OWN_METRIC[defect];
      expect(seeded[own].mean!, own).toBeLessThan(clean[own].mean!);
      for (const name of METRIC_NAMES) {
        if (name !== own) expect(seeded[name].mean, `${defect} moved ${name}`).toBe(clean[name].mean);
      }
    },
    60_000,
  );
});
