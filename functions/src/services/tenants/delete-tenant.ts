import { refusal, tenantHasUsersRefusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { auditedAction } from '../audit/audited-action.js';
import { describeTenant } from './create-tenant.js';
import { requireSuperAdmin } from './require-super-admin.js';
import { DEFAULT_TENANT_ID, type TenantDocument } from '../../records/tenant-document.js';
import { releaseTenantKey } from './tenant-keys.js';

/**
 * `DELETE /api/superadmin/tenants/{id}`: removes a tenant that has no users.
 * The default tenant (local accounts register into it) is never removed.
 * Cases keep the id of their creator's tenant for statistics only, so they
 * do not hold a tenant back.
 */
export async function deleteTenant(deps: Deps, caller: Caller, tenantId: string, client: ClientInfo): Promise<void> {
  const tenants = deps.store.collection<TenantDocument>('tenants');
  await auditedAction(
    deps,
    caller,
    client,
    { action: 'DeleteTenant', entityType: 'Tenant', entityId: tenantId },
    async (note) => {
      requireSuperAdmin(caller);
      if (tenantId === DEFAULT_TENANT_ID) throw new ConflictError(refusal('admin.defaultTenantUndeletable'));
      const current = await tenants.read(tenantId, tenantId);
      if (!current) throw new NotFoundError(refusal('admin.tenantNotFound'));
      note.tenantId = tenantId;
      const { _etag, ...tenant } = current;
      await assertNoUsers(deps, tenantId);
      if (!(await tenants.delete(tenantId, tenantId, { ifMatch: _etag }))) {
        throw new NotFoundError(refusal('admin.tenantNotFound'));
      }
      // A user added to the tenant while it was being deleted would be left without one: put it back.
      try {
        await assertNoUsers(deps, tenantId);
      } catch (error) {
        await tenants.create(tenant).catch(() => undefined);
        throw error;
      }
      await releaseTenantKey(deps, 'domain', tenant.domain, tenantId);
      await releaseTenantKey(deps, 'azureTenantId', tenant.azureTenantId, tenantId);
      note.details = describeTenant(tenant);
    },
  );
}

async function assertNoUsers(deps: Pick<Deps, 'store'>, tenantId: string): Promise<void> {
  const users = await deps.store
    .collection<UserDocument>('users')
    .count({ where: [{ field: 'tenantId', op: '=', value: tenantId }] });
  if (users > 0) throw new ConflictError(tenantHasUsersRefusal(users));
}
