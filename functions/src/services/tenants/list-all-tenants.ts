import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import type { TenantDocument } from '../../records/tenant-document.js';

/**
 * Every tenant. Tenants are organisations, so there are tens or hundreds of
 * them, never millions: reading them all is what the Tenants tab, the
 * uniqueness check and the per-tenant statistics need.
 */
export async function listAllTenants(deps: Pick<Deps, 'store'>): Promise<Stored<TenantDocument>[]> {
  const tenants: Stored<TenantDocument>[] = [];
  let continuation: string | undefined;
  do {
    const page = await deps.store.collection<TenantDocument>('tenants').query({
      orderBy: { field: 'createdAt', direction: 'asc' },
      limit: 1000,
      ...(continuation ? { continuation } : {}),
    });
    tenants.push(...page.items);
    continuation = page.continuation;
  } while (continuation);
  return tenants;
}
