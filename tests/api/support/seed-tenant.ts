import { randomUUID } from 'node:crypto';
import type { TenantDocument } from '../../../functions/src/records/tenant-document.js';
import type { TestHost } from './start-host.js';

/**
 * Puts an active tenant straight into the store and returns its id: a fresh id (also its partition), a domain
 * made from the id and a random Entra tenant id unless `overrides` names them, created at the host's clock.
 */
export async function seedTenant(
  host: Pick<TestHost, 'deps'>,
  overrides: Partial<TenantDocument> & Pick<TenantDocument, 'name'>,
): Promise<string> {
  const id = overrides.id ?? randomUUID();
  await host.deps.store.collection<TenantDocument>('tenants').create({
    id,
    pk: id,
    domain: `${id.slice(0, 8)}.fi`,
    azureTenantId: randomUUID(),
    isActive: true,
    createdAt: host.deps.clock.now().toISOString(),
    ...overrides,
  });
  return id;
}
