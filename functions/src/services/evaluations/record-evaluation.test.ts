import type { EvaluationView } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../adapters/store/sqlite-store.js';
import type { Store } from '../../ports/store.js';
import { listEvaluations } from './list-evaluations.js';
import { recordEvaluation } from './record-evaluation.js';

let store: Store;
beforeEach(() => {
  store = createSqliteStore({ file: ':memory:', clock: { now: () => new Date('2026-11-28T10:00:00Z') } });
});
afterEach(async () => {
  await store.close();
});

const run = (deployment: string, promptVersion: string, startedAt: string, amount: number): EvaluationView => ({
  deployment,
  baseUrl: deployment === 'offline' ? null : 'https://example.openai.azure.com',
  promptVersion,
  startedAt,
  selection: 'all',
  cases: 12,
  failed: amount < 0.8 ? ['amountAccuracy'] : [],
  metrics: [{ name: 'amountAccuracy', mean: amount, threshold: 0.8, gated: true }],
});

describe('the evaluations the AI oversight tab shows', () => {
  it('keeps the last scorecard of each deployment and prompt version, newest first', async () => {
    await recordEvaluation({ store }, run('gpt-a', 'p1', '2026-11-01T10:00:00.000Z', 0.7));
    await recordEvaluation({ store }, run('gpt-a', 'p1', '2026-11-03T10:00:00.000Z', 0.9));
    await recordEvaluation({ store }, run('gpt-a', 'p2', '2026-11-02T10:00:00.000Z', 0.85));
    await recordEvaluation({ store }, run('offline', 'p1', '2026-11-04T10:00:00.000Z', 0));
    const { evaluations } = await listEvaluations({ store });
    expect(evaluations.map((item) => [item.deployment, item.promptVersion, item.metrics[0]!.mean])).toEqual([
      ['offline', 'p1', 0],
      ['gpt-a', 'p1', 0.9],
      ['gpt-a', 'p2', 0.85],
    ]);
    expect(evaluations[1]!.failed).toEqual([]);
  });

  it('leaves a newer scorecard in place when an older run is published after it', async () => {
    await recordEvaluation({ store }, run('gpt-a', 'p1', '2026-11-03T10:00:00.000Z', 0.9));
    await recordEvaluation({ store }, run('gpt-a', 'p1', '2026-11-01T10:00:00.000Z', 0.7));
    const { evaluations } = await listEvaluations({ store });
    expect(evaluations).toHaveLength(1);
    expect(evaluations[0]).toMatchObject({ startedAt: '2026-11-03T10:00:00.000Z', failed: [] });
  });
});
