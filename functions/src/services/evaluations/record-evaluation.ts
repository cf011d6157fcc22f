import { createHash } from 'node:crypto';
import type { EvaluationView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { BaseDoc } from '../../ports/store.js';
import { changeOrCreateRecord } from '../../records/change-record.js';

/** The evaluations are few (one per deployment and prompt version): one partition holds them all. */
export const EVALUATIONS_PARTITION = 'evaluations';

export interface EvaluationDoc extends BaseDoc, EvaluationView {}

/**
 * Keeps a run's scorecard as the last of its deployment and prompt version (docs/eval.md): a newer run
 * replaces it, an older one (a scorecard published late) leaves the newer in place.
 */
export async function recordEvaluation(deps: Pick<Deps, 'store'>, evaluation: EvaluationView): Promise<EvaluationDoc> {
  const id = createHash('sha256')
    .update(`${evaluation.deployment}\n${evaluation.promptVersion}`)
    .digest('hex')
    .slice(0, 32);
  const result = await changeOrCreateRecord<EvaluationDoc>(
    deps.store.collection<EvaluationDoc>('evaluations'),
    { pk: EVALUATIONS_PARTITION, id },
    (current) =>
      current && current.startedAt >= evaluation.startedAt
        ? undefined
        : { ...evaluation, id, pk: EVALUATIONS_PARTITION },
  );
  return result.record!;
}
