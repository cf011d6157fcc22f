import type { FeeSchedule } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import {
  FEE_SCHEDULE_PARTITION,
  feeScheduleId,
  type FeeScheduleDocument,
  type FeeScheduleScope,
} from './fee-schedule-document.js';

export interface EffectiveFeeSchedule {
  /** Undefined under the embedded default: nothing is due anywhere. */
  schedule?: FeeSchedule;
  revision: number | null;
  source: 'tenant' | 'global' | 'default';
}

/**
 * The schedule that prices a tenant's cases: the tenant's override when one is set, else the global schedule,
 * else the embedded default, which charges nothing (docs/fees.md "Where prices come from").
 */
export async function effectiveFeeSchedule(
  deps: Pick<Deps, 'store'>,
  tenantId: string | undefined,
): Promise<EffectiveFeeSchedule> {
  const fees = deps.store.collection<FeeScheduleDocument>('fees');
  const scopes: FeeScheduleScope[] = tenantId
    ? [{ kind: 'tenant', tenantId }, { kind: 'global' }]
    : [{ kind: 'global' }];
  for (const scope of scopes) {
    const document = await fees.read(FEE_SCHEDULE_PARTITION, feeScheduleId(scope));
    if (document?.schedule) return { schedule: document.schedule, revision: document.revision, source: scope.kind };
  }
  return { revision: null, source: 'default' };
}
