import type { FeeSchedule } from '@ratkaisu/core';
import type { BaseDoc } from '../../ports/store.js';

/** The partition of every fee schedule document in the 'fees' collection. */
export const FEE_SCHEDULE_PARTITION = 'schedule';

/** The global schedule's id; a tenant's override is `tenant:<tenantId>`. */
export const GLOBAL_FEE_SCHEDULE_ID = 'global';

export type FeeScheduleScope = { kind: 'global' } | { kind: 'tenant'; tenantId: string };

export function feeScheduleId(scope: FeeScheduleScope): string {
  return scope.kind === 'global' ? GLOBAL_FEE_SCHEDULE_ID : `tenant:${scope.tenantId}`;
}

/**
 * A fee schedule as set by a super-administrator (docs/fees.md). `revision` counts the versions this scope has
 * had, from 1; clearing a schedule keeps the document (with `schedule` absent) so a later one carries on
 * counting, and a payment's revision never names two different price lists.
 */
export interface FeeScheduleDocument extends BaseDoc {
  scope: 'global' | 'tenant';
  tenantId?: string;
  revision: number;
  /** Absent when cleared: the scope falls back (tenant → global → the embedded default, which charges nothing). */
  schedule?: FeeSchedule;
  setAt: string;
  setBy: string;
}
