import { refusal, tenantBodySchema, type TenantView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { assertSuperAdminRemains, superAdminRemains } from './usable-super-admins.js';
import { auditedAction } from '../audit/audited-action.js';
import { requireSuperAdmin } from './require-super-admin.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import {
  assertTenantKeysFree,
  claimTenantKeys,
  releaseTenantKey,
  tenantKey,
  type TenantKeyField,
} from './tenant-keys.js';
import { toTenantView } from './tenant-view.js';

/**
 * `PUT /api/superadmin/tenants/{id}`: changes a tenant. Deactivating it locks
 * its users out at once: local sign-in, work-account sign-in and every
 * request of an existing session check the tenant (sign-in.ts, verify-entra-
 * token.ts, admit-session.ts). Their sessions are not ended, so reactivating
 * the tenant lets those still within their time-outs carry on.
 *
 * A SuperAdmin cannot deactivate their own tenant, nor the tenant of the last
 * usable SuperAdmins.
 */
export async function updateTenant(
  deps: Deps,
  caller: Caller,
  tenantId: string,
  input: unknown,
  client: ClientInfo,
): Promise<TenantView> {
  const tenants = deps.store.collection<TenantDocument>('tenants');
  return auditedAction(
    deps,
    caller,
    client,
    { action: 'UpdateTenant', entityType: 'Tenant', entityId: tenantId },
    async (note) => {
      requireSuperAdmin(caller);
      const body = tenantBodySchema.parse(input);
      const current = await tenants.read(tenantId, tenantId);
      if (!current) throw new NotFoundError(refusal('admin.tenantNotFound'));
      const { _etag, ...before } = current;
      note.tenantId = tenantId;

      const after: TenantDocument = {
        ...before,
        name: body.name,
        domain: body.domain,
        azureTenantId: body.azureTenantId,
        isActive: body.isActive ?? before.isActive,
      };
      if (body.description) after.description = body.description;
      else delete after.description;

      const deactivating = before.isActive && !after.isActive;
      if (deactivating) {
        if (tenantId === caller.tenantId) throw new ConflictError(refusal('admin.ownTenantDeactivation'));
        await assertSuperAdminRemains(deps, { tenantId });
      }
      const changedKeys = (['domain', 'azureTenantId'] as const).filter(
        (field) => tenantKey(before[field]) !== tenantKey(after[field]),
      );
      if (changedKeys.length > 0) {
        await assertTenantKeysFree(deps, after, tenantId);
        await claimTenantKeys(deps, after, changedKeys);
      }
      try {
        await tenants.replace(after, { ifMatch: _etag });
      } catch (error) {
        for (const field of changedKeys) await releaseTenantKey(deps, field, after[field], tenantId);
        throw error;
      }
      if (deactivating && !(await superAdminRemains(deps))) {
        await tenants.replace(before).catch(() => undefined);
        throw new ConflictError(refusal('admin.lastSuperAdmin'));
      }
      for (const field of changedKeys) await releaseTenantKey(deps, field, before[field], tenantId);

      Object.assign(note, { tenantId, details: describeChanges(before, after) });
      return toTenantView(after);
    },
  );
}

const DESCRIBED_FIELDS: readonly (TenantKeyField | 'name' | 'description' | 'isActive')[] = [
  'name',
  'domain',
  'azureTenantId',
  'description',
  'isActive',
];

/** "isActive: true → false; name: A → B", or "No changes". */
function describeChanges(before: TenantDocument, after: TenantDocument): string {
  const changes = DESCRIBED_FIELDS.filter((field) => before[field] !== after[field]).map(
    (field) => `${field}: ${String(before[field] ?? '')} → ${String(after[field] ?? '')}`,
  );
  return changes.length > 0 ? changes.join('; ') : 'No changes';
}
