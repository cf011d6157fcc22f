import { METRIC_NAMES, type CaseScore, type MetricName } from './metrics.js';

/**
 * The scorecard of a run: each metric's mean over the cases it applies to, each case's metrics, the cost,
 * the deltas against a saved baseline (eval/baseline/offline.json is the offline model's) and the verdict
 * against the thresholds (docs/eval.md says why each stands where it does).
 */

/**
 * The least each metric's mean may be. `judgement` metrics measure the legal judgement of a model that
 * writes the decision; they do not gate the offline model, which quotes the material and judges nothing.
 */
export const THRESHOLDS: Record<MetricName, { min: number; judgement: boolean }> = {
  claimCoverage: { min: 1, judgement: true },
  noUnclaimedOrders: { min: 1, judgement: true },
  outcomeAccuracy: { min: 0.9, judgement: true },
  amountAccuracy: { min: 0.8, judgement: true },
  interestAccuracy: { min: 0.8, judgement: true },
  citationPrecision: { min: 0.9, judgement: false },
  factRecall: { min: 0.3, judgement: false },
  authorityValidity: { min: 0.95, judgement: true },
  statuteRecall: { min: 0.6, judgement: true },
  dispositiveConsistency: { min: 0.9, judgement: true },
  trapConflictingFigure: { min: 1, judgement: true },
  trapInventedAuthority: { min: 1, judgement: true },
  trapHiddenInstruction: { min: 1, judgement: false },
  chapterCompleteness: { min: 0.85, judgement: false },
  noRepetition: { min: 0.95, judgement: false },
};

export interface Scorecard {
  /** Which model, endpoint and deployment, and which prompts (their hash), wrote the drafts. */
  run: {
    model: string;
    deployment: string | null;
    baseUrl: string | null;
    promptVersion: string;
    cases: string;
    startedAt: string;
    offline: boolean;
  };
  metrics: Record<
    MetricName,
    { mean: number | null; cases: number; threshold: number; gated: boolean; delta: number | null }
  >;
  cost: {
    promptTokens: number;
    cachedTokens: number;
    completionTokens: number;
    cachedShare: number | null;
    wallMs: number;
    euros: number | null;
  };
  perCase: CaseScore[];
  failed: MetricName[];
  baseline: { file: string; model: string } | null;
  /** The model-graded rubric's mean (0–1) over the cases it graded; absent when not asked for. Never gated. */
  rubric?: { mean: number | null; graded: number };
}

export function buildScorecard(
  run: Scorecard['run'],
  perCase: CaseScore[],
  baseline?: { file: string; card: Scorecard },
): Scorecard {
  const metrics = {} as Scorecard['metrics'];
  const failed: MetricName[] = [];
  for (const name of METRIC_NAMES) {
    const values = perCase.map((score) => score.metrics[name]).filter((value): value is number => value !== null);
    const mean = values.length > 0 ? round(values.reduce((sum, value) => sum + value, 0) / values.length) : null;
    const { min, judgement } = THRESHOLDS[name];
    const gated = mean !== null && (!judgement || !run.offline);
    const before = baseline?.card.metrics[name]?.mean;
    metrics[name] = {
      mean,
      cases: values.length,
      threshold: min,
      gated,
      delta: mean !== null && before !== undefined && before !== null ? round(mean - before) : null,
    };
    if (gated && mean! < min) failed.push(name);
  }
  const sum = (pick: (score: CaseScore) => number) => perCase.reduce((total, score) => total + pick(score), 0);
  const promptTokens = sum((score) => score.cost.promptTokens);
  const cachedTokens = sum((score) => score.cost.cachedTokens);
  const euros = perCase.every((score) => score.cost.euros === null)
    ? null
    : round(sum((score) => score.cost.euros ?? 0));
  return {
    run,
    metrics,
    cost: {
      promptTokens,
      cachedTokens,
      completionTokens: sum((score) => score.cost.completionTokens),
      cachedShare: promptTokens > 0 ? round(cachedTokens / promptTokens) : null,
      wallMs: sum((score) => score.cost.wallMs),
      euros,
    },
    perCase,
    failed,
    baseline: baseline ? { file: baseline.file, model: baseline.card.run.model } : null,
    ...(perCase.some((score) => score.rubric !== undefined) ? { rubric: rubricMean(perCase) } : {}),
  };
}

function rubricMean(perCase: readonly CaseScore[]): { mean: number | null; graded: number } {
  const graded = perCase.flatMap((score) => (score.rubric ? [score.rubric.mean] : []));
  return {
    mean: graded.length > 0 ? round(graded.reduce((sum, value) => sum + value, 0) / graded.length) : null,
    graded: graded.length,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}\u00a0%`);

/** One self-contained HTML page: the verdict, the metrics with their thresholds and deltas, each case, the cost. */
export function scorecardHtml(card: Scorecard): string {
  const verdict = card.failed.length === 0 ? 'PASS' : `FAIL: ${card.failed.join(', ')}`;
  const metricRows = METRIC_NAMES.map((name) => {
    const metric = card.metrics[name];
    const below = metric.gated && metric.mean !== null && metric.mean < metric.threshold;
    const delta = metric.delta === null ? '–' : `${metric.delta > 0 ? '+' : ''}${(metric.delta * 100).toFixed(1)}`;
    return (
      `<tr class="${below ? 'fail' : ''}"><th scope="row">${name}</th><td>${percent(metric.mean)}</td>` +
      `<td>${metric.cases}</td><td>${metric.gated ? `≥ ${percent(metric.threshold)}` : 'not gated'}</td>` +
      `<td class="${metric.delta !== null && metric.delta < 0 ? 'down' : metric.delta ? 'up' : ''}">${delta}</td></tr>`
    );
  }).join('\n');
  const caseHeader = METRIC_NAMES.map((name) => `<th scope="col" title="${name}">${short(name)}</th>`).join('');
  const caseRows = card.perCase
    .map(
      (score) =>
        `<tr><th scope="row">${escape(score.id)}</th>${METRIC_NAMES.map((name) => `<td>${percent(score.metrics[name])}</td>`).join('')}` +
        `<td>${score.cost.wallMs} ms</td></tr>`,
    )
    .join('\n');
  const findings = card.perCase
    .filter((score) => score.findings.length > 0)
    .map(
      (score) =>
        `<details><summary>${escape(score.id)} – ${score.findings.length} findings</summary><ul>${score.findings
          .map((finding) => `<li>${escape(finding)}</li>`)
          .join('')}</ul></details>`,
    )
    .join('\n');
  const { cost, run } = card;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ratkaisu evaluation scorecard – ${escape(run.model)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:1.5rem;color:#1b1b1b;max-width:1200px}
h1{font-size:1.4rem}table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-variant-numeric:tabular-nums}
th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:right;white-space:nowrap}thead th:first-child{text-align:left}th[scope=row]{text-align:left;font-weight:600}
thead th{background:#f0f0f0}.fail{background:#fde7e9}.down{color:#a4262c}.up{color:#107c10}
.verdict{font-weight:700;padding:.4rem .7rem;display:inline-block;border-radius:4px}
.pass{background:#dff6dd}.failv{background:#fde7e9}.wide{overflow-x:auto}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
dt{font-weight:600}
</style></head><body>
<h1>Evaluation scorecard</h1>
<dl><dt>Model</dt><dd>${escape(run.model)}${run.deployment ? ` (deployment ${escape(run.deployment)})` : ''}</dd>
<dt>Endpoint</dt><dd>${escape(run.baseUrl ?? 'none (offline)')}</dd>
<dt>Prompt version</dt><dd>${escape(run.promptVersion)}</dd>
<dt>Cases</dt><dd>${escape(run.cases)} (${card.perCase.length})</dd>
<dt>Started</dt><dd>${escape(run.startedAt)}</dd>
<dt>Baseline</dt><dd>${card.baseline ? `${escape(card.baseline.file)} (${escape(card.baseline.model)})` : 'none'}</dd></dl>
<p class="verdict ${card.failed.length === 0 ? 'pass' : 'failv'}">${escape(verdict)}</p>
<h2>Metrics</h2>
<div class="wide"><table><thead><tr><th scope="col">metric</th><th scope="col">mean</th><th scope="col">cases</th><th scope="col">threshold</th><th scope="col">Δ vs baseline (points)</th></tr></thead>
<tbody>${metricRows}</tbody></table></div>
${
  card.rubric
    ? `<h2>Model-graded rubric (not gated)</h2><p>Reasoning, legal analysis and clarity graded 1–5 by the same model, scaled to 0–100 %: ${percent(card.rubric.mean)} over ${card.rubric.graded} of ${card.perCase.length} cases. A model grading itself is a weak judge; the metrics above are the measure.</p>`
    : ''
}
<h2>Cost</h2>
<dl><dt>Prompt tokens</dt><dd>${cost.promptTokens}</dd><dt>Cached share</dt><dd>${percent(cost.cachedShare)}</dd>
<dt>Completion tokens</dt><dd>${cost.completionTokens}</dd><dt>Wall time</dt><dd>${(cost.wallMs / 1000).toFixed(1)} s</dd>
<dt>Euros</dt><dd>${cost.euros === null ? '–' : cost.euros.toFixed(3)}</dd></dl>
<h2>Per case</h2>
<div class="wide"><table><thead><tr><th scope="col">case</th>${caseHeader}<th scope="col">time</th></tr></thead>
<tbody>${caseRows}</tbody></table></div>
<h2>Findings</h2>
${findings || '<p>None.</p>'}
</body></html>
`;
}

function short(name: string): string {
  return name
    .replace(/^trap/, 'trap ')
    .replace(/([A-Z])/g, ' $1')
    .trim()
    .split(' ')
    .map((word) => word.slice(0, 5))
    .join(' ');
}
