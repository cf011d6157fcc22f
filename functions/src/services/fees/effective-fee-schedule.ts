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
  /**
   * Whether a schedule was ever set where this tenant's cases are priced (a schedule document exists for the
   * tenant or globally, set now or cleared since: clearing keeps the document, fee-schedule-document.ts). A due
   * point's payment is only ever created under a schedule (payments/due-payment.ts), so while this is false no
   * case of the tenant has one.
   */
  everSet: boolean;
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
  let everSet = false;
  for (const scope of scopes) {
    const document = await fees.read(FEE_SCHEDULE_PARTITION, feeScheduleId(scope));
    if (document?.schedule) {
      return { schedule: document.schedule, revision: document.revision, source: scope.kind, everSet: true };
    }
    if (document) everSet = true;
  }
  return { revision: null, source: 'default', everSet };
}
