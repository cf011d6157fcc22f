import { ADMIN_MESSAGES, feeScheduleSchema, type FeeScheduleView } from '@ratkaisu/core';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { StoreConflictError } from '../../ports/store.js';
import { changeOrCreateRecord } from '../../records/change-record.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { auditedAction } from '../audit/audited-action.js';
import {
  FEE_SCHEDULE_PARTITION,
  feeScheduleId,
  type FeeScheduleDocument,
  type FeeScheduleScope,
} from './fee-schedule-document.js';
import { toFeeScheduleView } from './fee-schedule-view.js';

/**
 * `PUT /api/superadmin/fee-schedule` and `PUT /api/superadmin/tenants/{id}/fee-schedule`: a super-administrator
 * sets the global schedule or a tenant's override (docs/fees.md). The body is the schedule itself, validated
 * whole; the stored revision rises by one, by a conditional write, so two racing writes make two revisions.
 * Audited either way.
 */
export async function setFeeSchedule(
  deps: Deps,
  caller: Caller,
  scope: FeeScheduleScope,
  input: unknown,
  client: ClientInfo,
): Promise<FeeScheduleView> {
  return writeSchedule(deps, caller, scope, client, 'SetFeeSchedule', () => feeScheduleSchema.parse(input));
}

/**
 * `DELETE` on the same paths: the scope falls back — a tenant to the global schedule, the global schedule to the
 * embedded default, under which nothing is due. The revision still rises, so it never names two price lists.
 */
export async function clearFeeSchedule(
  deps: Deps,
  caller: Caller,
  scope: FeeScheduleScope,
  client: ClientInfo,
): Promise<FeeScheduleView> {
  return writeSchedule(deps, caller, scope, client, 'ClearFeeSchedule', () => undefined);
}

async function writeSchedule(
  deps: Deps,
  caller: Caller,
  scope: FeeScheduleScope,
  client: ClientInfo,
  action: 'SetFeeSchedule' | 'ClearFeeSchedule',
  next: () => FeeScheduleDocument['schedule'],
): Promise<FeeScheduleView> {
  const id = feeScheduleId(scope);
  return auditedAction(deps, caller, client, { action, entityType: 'FeeSchedule', entityId: id }, async (note) => {
    if (scope.kind === 'tenant') {
      note.tenantId = scope.tenantId;
      const tenant = await deps.store.collection<TenantDocument>('tenants').read(scope.tenantId, scope.tenantId);
      if (!tenant) throw new NotFoundError(ADMIN_MESSAGES.tenantNotFound);
    }
    const schedule = next();
    const fees = deps.store.collection<FeeScheduleDocument>('fees');
    const result = await changeOrCreateRecord(
      fees,
      { pk: FEE_SCHEDULE_PARTITION, id },
      (current) => {
        const revision = (current?.revision ?? 0) + 1;
        note.details = schedule
          ? `Fee schedule ${id} revision ${revision} (VAT ${schedule.vatRateBasisPoints / 100} %)`
          : `Fee schedule ${id} cleared at revision ${revision}`;
        return {
          id,
          pk: FEE_SCHEDULE_PARTITION,
          scope: scope.kind,
          ...(scope.kind === 'tenant' ? { tenantId: scope.tenantId } : {}),
          revision,
          ...(schedule ? { schedule } : {}),
          setAt: deps.clock.now().toISOString(),
          setBy: caller.userId,
        };
      },
      { busy: () => new StoreConflictError(`The fee schedule ${id} stayed busy.`) },
    );
    return toFeeScheduleView(result.record!);
  });
}
