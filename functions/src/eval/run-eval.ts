import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultDecisionSettings, type EvaluationView } from '@ratkaisu/core';
import { loadConfig, type Config } from '../config.js';
import type { Logger } from '../log.js';
import { silentLogger } from '../log.js';
import type { Model } from '../ports/model.js';
import { DISPOSITIVE_INSTRUCTIONS, EVIDENCE_RULES } from '../services/decisions/decision-prompt.js';
import { createOfflineModel } from '../adapters/model/offline-model.js';
import { createOpenAiModel } from '../adapters/model/openai-model.js';
import { loadGoldCases, type GoldCase } from './gold-case.js';
import { METRIC_NAMES, scoreCase, type CaseScore, type Metrics } from './metrics.js';
import { gradeRubric } from './rubric.js';
import { runCase } from './run-case.js';
import { buildScorecard, scorecardHtml, type Scorecard } from './scorecard.js';

export interface EvalOptions {
  model: 'offline' | 'openai';
  baseUrl?: string;
  deployment?: string;
  /** `all`, `smoke`, or case ids separated by commas. */
  cases: string;
  out?: string;
  casesDir: string;
  /** A saved scorecard to report deltas against; none when it does not exist. */
  baseline?: string;
  /** Write this run's scorecard as the baseline file. */
  saveBaseline?: boolean;
  /** Also have the model grade each draft's reasoning (rubric.ts), reported apart from the metrics. */
  rubric?: boolean;
  /** Environment: the key (AZURE_OPENAI_API_KEY or OPENAI_API_KEY) and generation settings (MODEL_*). */
  env?: Record<string, string | undefined>;
  log?: Logger;
  /** A model to use instead of building one from `model` (tests: the seeded model). */
  modelOverride?: Model;
}

/** The model settings the evaluation takes from its flags, never from a deployment's own environment. */
const MODEL_VARIABLES = [
  'AZURE_OPENAI_ENDPOINT',
  'AZURE_OPENAI_DEPLOYMENT',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'MODEL_DEPLOYMENTS',
];

/** An Azure OpenAI resource's host: its deployments are called by the Azure flavour of the API. */
const AZURE_HOST = /\.(?:openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com)$/iu;

export function evalConfig(options: Pick<EvalOptions, 'model' | 'baseUrl' | 'deployment' | 'env'>): Config {
  const env: Record<string, string | undefined> = { ...(options.env ?? {}) };
  for (const name of MODEL_VARIABLES) delete env[name];
  env.RATKAISU_ENV = 'test';
  if (options.model === 'openai') {
    if (!options.baseUrl || !options.deployment) throw new Error('--model openai needs --base-url and --deployment.');
    if (AZURE_HOST.test(new URL(options.baseUrl).hostname)) {
      env.AZURE_OPENAI_ENDPOINT = options.baseUrl;
      env.AZURE_OPENAI_DEPLOYMENT = options.deployment;
    } else {
      env.OPENAI_BASE_URL = options.baseUrl;
      env.OPENAI_MODEL = options.deployment;
      env.OPENAI_API_KEY ??= 'not-needed';
    }
  }
  return loadConfig(env);
}

/** A short hash of what the model is told: the default instructions, chapter prompts and the pipeline's rules. */
export function promptVersion(): string {
  const settings = defaultDecisionSettings();
  return createHash('sha256')
    .update(JSON.stringify([settings.instructions, settings.chapterPrompts, EVIDENCE_RULES, DISPOSITIVE_INSTRUCTIONS]))
    .digest('hex')
    .slice(0, 12);
}

export async function runEval(options: EvalOptions): Promise<{ card: Scorecard; files: string[] }> {
  const log = options.log ?? silentLogger;
  const config = evalConfig(options);
  const model =
    options.modelOverride ?? (config.model.kind === 'offline' ? createOfflineModel() : createOpenAiModel(config.model));
  const selection = options.cases === 'all' || options.cases === 'smoke' ? options.cases : options.cases.split(',');
  const cases = loadGoldCases(options.casesDir, selection);
  const perCase: CaseScore[] = [];
  for (const gold of cases) {
    perCase.push(await scoreOne(gold, { model, config, log }, options.rubric ?? false));
    log.info('Evaluated a case', { case: gold.id });
  }
  const baselineFile = options.baseline && existsSync(options.baseline) ? options.baseline : undefined;
  const baseline = baselineFile
    ? {
        file: path.relative(process.cwd(), baselineFile),
        card: JSON.parse(readFileSync(baselineFile, 'utf8')) as Scorecard,
      }
    : undefined;
  const card = buildScorecard(
    {
      model: model.kind === 'offline' ? 'offline' : (options.deployment ?? model.kind),
      deployment: options.model === 'openai' ? (options.deployment ?? null) : null,
      baseUrl: options.model === 'openai' ? (options.baseUrl ?? null) : null,
      promptVersion: promptVersion(),
      cases: options.cases,
      startedAt: new Date().toISOString(),
      offline: !model.writesLegalText,
    },
    perCase,
    baseline,
  );
  const files: string[] = [];
  if (options.out) {
    mkdirSync(options.out, { recursive: true });
    files.push(path.join(options.out, 'scorecard.json'), path.join(options.out, 'scorecard.html'));
    writeFileSync(files[0]!, `${JSON.stringify(card, null, 2)}\n`);
    writeFileSync(files[1]!, scorecardHtml(card));
  }
  if (options.saveBaseline && options.baseline) {
    mkdirSync(path.dirname(options.baseline), { recursive: true });
    writeFileSync(options.baseline, `${JSON.stringify({ ...card, baseline: null }, null, 2)}\n`);
    files.push(options.baseline);
  }
  return { card, files };
}

/** A case the pipeline could not draft scores nothing: every metric 0, the reason among its findings. */
async function scoreOne(
  gold: GoldCase,
  setup: { model: Model; config: Config; log: Logger },
  rubric: boolean,
): Promise<CaseScore> {
  try {
    const { draft, wallMs } = await runCase(gold, setup);
    const score = scoreCase(gold, draft, wallMs);
    if (rubric) score.rubric = await gradeRubric(setup.model, gold.caseName, draft);
    return score;
  } catch (error) {
    const metrics = Object.fromEntries(METRIC_NAMES.map((name) => [name, 0])) as Metrics;
    return {
      id: gold.id,
      metrics,
      cost: { promptTokens: 0, cachedTokens: 0, completionTokens: 0, cachedShare: null, wallMs: 0, euros: null },
      findings: [`The decision could not be drafted: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
}

/** What the admin panel shows of a scorecard (services/evaluations). */
export function evaluationView(card: Scorecard): EvaluationView {
  return {
    deployment: card.run.deployment ?? card.run.model,
    baseUrl: card.run.baseUrl,
    promptVersion: card.run.promptVersion,
    startedAt: card.run.startedAt,
    selection: card.run.cases,
    cases: card.perCase.length,
    failed: [...card.failed],
    metrics: METRIC_NAMES.map((name) => ({
      name,
      mean: card.metrics[name].mean,
      threshold: card.metrics[name].threshold,
      gated: card.metrics[name].gated,
    })),
  };
}
