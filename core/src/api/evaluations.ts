/**
 * The last evaluation scorecard of a deployment and prompt version (`npm run eval -- --publish`, docs/eval.md),
 * as the admin panel's AI oversight tab shows it: `GET /api/superadmin/evaluations`.
 */
export interface EvaluationMetricView {
  name: string;
  /** Mean over the cases it applies to, 0–1; null when it applies to none (the offline model decides nothing). */
  mean: number | null;
  threshold: number;
  /** Whether the threshold gates this run. */
  gated: boolean;
}

export interface EvaluationView {
  /** The deployment (or model name) measured; `offline` for the offline model. */
  deployment: string;
  baseUrl: string | null;
  /** A hash of the default instructions, chapter prompts and the pipeline's rules. */
  promptVersion: string;
  /** ISO time the run started. */
  startedAt: string;
  /** `all`, `smoke` or the case ids, and how many cases. */
  selection: string;
  cases: number;
  /** The gated metrics below their thresholds; empty when the run passed. */
  failed: string[];
  metrics: EvaluationMetricView[];
}

export interface EvaluationsView {
  /** Newest first, one per deployment and prompt version. */
  evaluations: EvaluationView[];
}
