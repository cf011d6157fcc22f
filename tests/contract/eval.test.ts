import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCasesDir, loadGoldCases } from '../../functions/src/eval/gold-case.js';
import { METRIC_NAMES } from '../../functions/src/eval/metrics.js';
import { runEval } from '../../functions/src/eval/run-eval.js';
import type { Scorecard } from '../../functions/src/eval/scorecard.js';
import { seededAnswer, type SeededDefect } from '../../functions/src/eval/seeded-model.js';
import { closePdfWorkers } from '../../functions/src/pdf/pdf-worker-pool.js';
import { start, type FakeOpenAi } from '../support/fake-openai.js';

/**
 * `npm run eval` (functions/src/eval, docs/eval.md): the smoke subset with the offline model against the
 * committed baseline, inside `npm test`; and the command itself against the fake OpenAI-compatible server
 * through `--base-url`, answering as a model that writes the gold decisions.
 */
const root = path.resolve(import.meta.dirname, '../..');
const baselineFile = path.join(root, 'eval', 'baseline', 'offline.json');
const cases = loadGoldCases(defaultCasesDir());
let fake: FakeOpenAi;
let defects: SeededDefect[] = [];
const out = mkdtempSync(path.join(tmpdir(), 'ratkaisu-eval-'));

beforeAll(async () => {
  fake = await start();
  fake.respondWith((body) => ({
    kind: 'completion',
    text: seededAnswer(cases, body?.messages ?? [], defects),
    usage: 'measured',
  }));
});
afterAll(async () => {
  await fake.close();
  await closePdfWorkers();
  rmSync(out, { recursive: true, force: true });
});

/** The command as an operator runs it (from the sources, as `npm run eval` runs it built). */
function evalCommand(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'functions/src/eval/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, OPENAI_API_KEY: 'test-key' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the evaluation', () => {
  it('scores the smoke subset offline as the committed baseline does, and passes its thresholds', async () => {
    const { card, files } = await runEval({
      model: 'offline',
      cases: 'smoke',
      casesDir: defaultCasesDir(),
      baseline: baselineFile,
      out,
    });
    const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as Scorecard;
    expect(card.failed).toEqual([]);
    expect(card.perCase.map((score) => score.id)).toEqual(cases.filter((gold) => gold.smoke).map((gold) => gold.id));
    for (const score of card.perCase) {
      expect(score.metrics, score.id).toEqual(baseline.perCase.find((saved) => saved.id === score.id)!.metrics);
    }
    // The offline model decides nothing: the decision's own metrics do not apply to it.
    expect(card.metrics.amountAccuracy.mean).toBeNull();
    expect(card.metrics.noRepetition.mean).toBe(1);
    expect(files.map((file) => path.basename(file))).toEqual(['scorecard.json', 'scorecard.html']);
    const html = readFileSync(files[1]!, 'utf8');
    for (const name of METRIC_NAMES) expect(html).toContain(name);
    expect(html).toContain('eval/baseline/offline.json');
  }, 120_000);

  it('runs against an OpenAI-compatible endpoint given by --base-url and --deployment, and gates on the thresholds', async () => {
    defects = [];
    const good = await evalCommand([
      '--model',
      'openai',
      '--base-url',
      fake.baseURL,
      '--deployment',
      'gold-writer',
      '--cases',
      'smoke',
      '--out',
      out,
    ]);
    expect(good.stderr).toBe('');
    expect(good.code).toBe(0);
    const card = JSON.parse(readFileSync(path.join(out, 'scorecard.json'), 'utf8')) as Scorecard;
    expect(card.run).toMatchObject({ deployment: 'gold-writer', baseUrl: fake.baseURL, offline: false });
    for (const name of METRIC_NAMES) expect(card.metrics[name].mean, name).toBe(1);
    // Every chapter of every smoke case went to the endpoint, its tokens counted as the endpoint reported them.
    expect(fake.requests.filter((request) => request.body?.model === 'gold-writer')).toHaveLength(7 * 3);
    expect(card.cost.promptTokens).toBeGreaterThan(0);
    expect(card.cost.cachedShare).toBeGreaterThan(0);
    expect(card.metrics.claimCoverage.delta).toBeNull();
    expect(card.metrics.citationPrecision.delta).toBe(0);

    defects = ['wrongAmount'];
    const bad = await evalCommand([
      '--model',
      'openai',
      '--base-url',
      fake.baseURL,
      '--deployment',
      'gold-writer',
      '--cases',
      '01-kauppa-terasputket',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Below threshold: amountAccuracy');
  }, 180_000);
});
