import type { TenantView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import { adminScopeOf } from '../../records/admin-scope.js';
import { listAllTenants } from './list-all-tenants.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { toTenantView } from './tenant-view.js';

/** `GET /api/superadmin/tenants`: every tenant for a SuperAdmin, oldest first; an Admin sees their own only. */
export async function listTenants(deps: Pick<Deps, 'store'>, caller: Caller): Promise<TenantView[]> {
  const scope = adminScopeOf(caller);
  if (scope.kind === 'all') return (await listAllTenants(deps)).map(toTenantView);
  const own = await deps.store.collection<TenantDocument>('tenants').read(scope.tenantId, scope.tenantId);
  return own ? [toTenantView(own)] : [];
}
