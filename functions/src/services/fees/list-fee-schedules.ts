import type { FeeSchedulesView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { FEE_SCHEDULE_PARTITION, type FeeScheduleDocument } from './fee-schedule-document.js';
import { toFeeScheduleView } from './fee-schedule-view.js';

/** `GET /api/superadmin/fee-schedule`: the global schedule and every tenant override, as set (cleared ones too). */
export async function listFeeSchedules(deps: Pick<Deps, 'store'>): Promise<FeeSchedulesView> {
  const fees = deps.store.collection<FeeScheduleDocument>('fees');
  const documents: FeeScheduleDocument[] = [];
  let continuation: string | undefined;
  do {
    const page = await fees.query({
      partitionKey: FEE_SCHEDULE_PARTITION,
      limit: 1000,
      ...(continuation ? { continuation } : {}),
    });
    documents.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  const global = documents.find((document) => document.scope === 'global');
  return {
    global: global ? toFeeScheduleView(global) : null,
    tenants: documents.filter((document) => document.scope === 'tenant').map(toFeeScheduleView),
  };
}
