import type { AdminUserView } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { listAllTenants } from '../tenants/list-all-tenants.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { adminScopeOf, tenantFilter } from '../../records/admin-scope.js';
import { toAdminUserView } from './admin-user-view.js';

/**
 * `GET /api/superadmin/users`: the users the caller administers (a SuperAdmin
 * everyone, an Admin their tenant's), by user name. The Users tab filters and
 * counts on the client, as docs/product.md's screen does, so this is the whole list.
 */
export async function listAdminUsers(deps: Pick<Deps, 'store'>, caller: Caller): Promise<AdminUserView[]> {
  const scope = adminScopeOf(caller);
  const tenants = new Map<string, TenantDocument>();
  if (scope.kind === 'all') {
    for (const tenant of await listAllTenants(deps)) tenants.set(tenant.id, tenant);
  } else {
    const own = await deps.store.collection<TenantDocument>('tenants').read(scope.tenantId, scope.tenantId);
    if (own) tenants.set(own.id, own);
  }

  const views: AdminUserView[] = [];
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<UserDocument>('users').query({
      where: tenantFilter(scope),
      limit: 1000,
      ...(continuation ? { continuation } : {}),
    });
    for (const user of page.items) views.push(toAdminUserView(user, tenants.get(user.tenantId)));
    continuation = page.continuation;
  } while (continuation);
  return views.sort(
    (a, b) => a.userName.localeCompare(b.userName, 'fi', { sensitivity: 'base' }) || a.id.localeCompare(b.id),
  );
}
