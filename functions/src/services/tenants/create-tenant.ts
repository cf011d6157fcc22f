import { randomUUID } from 'node:crypto';
import { tenantBodySchema, type TenantView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { auditedAction } from '../audit/audited-action.js';
import { requireSuperAdmin } from './require-super-admin.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { assertTenantKeysFree, claimTenantKeys } from './tenant-keys.js';
import { toTenantView } from './tenant-view.js';

/**
 * `POST /api/superadmin/tenants`: a new organisation. The body is validated
 * here rather than in the handler so that a refused attempt is audited too.
 * Domain and directory id are unique without regard to letter case.
 */
export async function createTenant(
  deps: Deps,
  caller: Caller,
  input: unknown,
  client: ClientInfo,
): Promise<TenantView> {
  return auditedAction(deps, caller, client, { action: 'CreateTenant', entityType: 'Tenant' }, async (note) => {
    requireSuperAdmin(caller);
    const body = tenantBodySchema.parse(input);
    await assertTenantKeysFree(deps, body);
    const tenantId = randomUUID();
    const tenant: TenantDocument = {
      id: tenantId,
      pk: tenantId,
      name: body.name,
      domain: body.domain,
      azureTenantId: body.azureTenantId,
      ...(body.description ? { description: body.description } : {}),
      isActive: body.isActive ?? true,
      createdAt: deps.clock.now().toISOString(),
    };
    const tenants = deps.store.collection<TenantDocument>('tenants');
    // Written before its values are claimed: a rival that finds a claim must be able to see its live holder.
    await tenants.create(tenant);
    try {
      await claimTenantKeys(deps, tenant);
    } catch (error) {
      await tenants.delete(tenantId, tenantId).catch(() => false);
      throw error;
    }
    Object.assign(note, { tenantId, entityId: tenantId, details: describeTenant(tenant) });
    return toTenantView(tenant);
  });
}

export function describeTenant(tenant: TenantDocument): string {
  return [
    `Name: ${tenant.name}`,
    `domain: ${tenant.domain}`,
    `Azure tenant ID: ${tenant.azureTenantId}`,
    tenant.isActive ? 'active' : 'inactive',
  ].join('; ');
}
