import type { EvaluationsView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { EVALUATIONS_PARTITION, type EvaluationDoc } from './record-evaluation.js';

const SHOWN = 50;

/** The last scorecard of each deployment and prompt version, newest first (the AI oversight tab). */
export async function listEvaluations(deps: Pick<Deps, 'store'>): Promise<EvaluationsView> {
  const page = await deps.store.collection<EvaluationDoc>('evaluations').query({
    partitionKey: EVALUATIONS_PARTITION,
    orderBy: { field: 'startedAt', direction: 'desc' },
    limit: SHOWN,
  });
  return {
    evaluations: page.items.map((doc) => ({
      deployment: doc.deployment,
      baseUrl: doc.baseUrl,
      promptVersion: doc.promptVersion,
      startedAt: doc.startedAt,
      selection: doc.selection,
      cases: doc.cases,
      failed: doc.failed,
      metrics: doc.metrics,
    })),
  };
}
