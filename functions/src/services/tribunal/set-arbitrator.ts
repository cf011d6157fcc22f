import { type AdminUserView, type ArbitratorProfile, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { changeRecord } from '../../records/change-record.js';
import type { UserDocument } from '../../records/user-document.js';
import { adminScopeOf, scopeCovers } from '../../records/admin-scope.js';
import { toAdminUserView } from '../admin/admin-user-view.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import type { TenantDocument } from '../../records/tenant-document.js';

/**
 * `PUT /api/superadmin/users/{id}/arbitrator`: an administrator of the user's tenant (or a SuperAdmin) grants
 * the arbitrator attribute with the name and title printed under an award's signature, or withdraws it
 * (`null`). Withdrawing does not remove the user from tribunals already constituted. Audited.
 */
export async function setArbitrator(
  deps: Deps,
  caller: Caller,
  input: { userId: string; arbitrator: ArbitratorProfile | null },
  client: ClientInfo,
): Promise<AdminUserView> {
  const scope = adminScopeOf(caller);
  const users = deps.store.collection<UserDocument>('users');
  const result = await changeRecord(
    users,
    { pk: input.userId, id: input.userId },
    (current) => {
      if (!scopeCovers(scope, current.tenantId)) throw new NotFoundError(refusal('admin.userNotFound'));
      const { arbitrator: _before, ...rest } = current;
      return input.arbitrator
        ? {
            ...rest,
            arbitrator: { ...input.arbitrator, grantedAt: deps.clock.now().toISOString(), grantedBy: caller.userId },
          }
        : rest;
    },
    {
      attempts: 5,
      busy: () => new ConflictError(refusal('admin.userChangedMeanwhile')),
    },
  );
  if (result.outcome === 'missing') throw new NotFoundError(refusal('admin.userNotFound'));
  const written = result.record;
  await recordCallerAction(deps, caller, client, {
    action: input.arbitrator ? 'GrantArbitrator' : 'RevokeArbitrator',
    entityType: 'User',
    entityId: written.id,
    details: input.arbitrator
      ? `Arbitrator: ${input.arbitrator.name}, ${input.arbitrator.title}`
      : 'Arbitrator attribute withdrawn',
  });
  const tenant = await deps.store.collection<TenantDocument>('tenants').read(written.tenantId, written.tenantId);
  return toAdminUserView(written, tenant);
}
