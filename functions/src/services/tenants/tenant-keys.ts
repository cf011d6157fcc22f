import { refusal, type Refused } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import { listAllTenants } from './list-all-tenants.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { claimUniqueKey, releaseUniqueKey, type UniqueKey } from '../../records/unique-key.js';

/** The two tenant fields that must be unique, compared without regard to letter case. */
export type TenantKeyField = 'domain' | 'azureTenantId';
const KEY_FIELDS: readonly TenantKeyField[] = ['domain', 'azureTenantId'];

export function tenantKey(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * Refuses values another tenant already uses, with a message naming the
 * value. This scan finds tenants written before claims existed (the default
 * tenant, for one); the claims below settle two requests racing for one value.
 */
export async function assertTenantKeysFree(
  deps: Pick<Deps, 'store'>,
  values: Record<TenantKeyField, string>,
  exceptTenantId?: string,
): Promise<void> {
  const others = (await listAllTenants(deps)).filter((tenant) => tenant.id !== exceptTenantId);
  for (const field of KEY_FIELDS) {
    if (others.some((tenant) => tenantKey(tenant[field]) === tenantKey(values[field]))) {
      throw new ConflictError(takenMessage(field, values[field]));
    }
  }
}

export function takenMessage(field: TenantKeyField, value: string): Refused {
  return field === 'domain'
    ? refusal('admin.tenantDomainTaken', { domain: value })
    : refusal('admin.tenantAzureIdTaken', { azureTenantId: value });
}

/**
 * A claim on a unique tenant value (records/unique-key.ts). A claim whose tenant no longer holds the
 * value (deleted, or changed to another) is stale and is taken over, so the tenant must exist before it
 * claims.
 */
function tenantClaim(field: TenantKeyField, value: string, tenantId: string): UniqueKey {
  return {
    kind: 'tenant-key-claim',
    idPrefix: 'claim.tenant.',
    field,
    key: tenantKey(value),
    ownerField: 'tenantId',
    ownerId: tenantId,
  };
}

/** True when the value is now claimed for the tenant (or already was); false when another tenant holds it. */
export async function claimTenantKey(
  deps: Pick<Deps, 'store'>,
  field: TenantKeyField,
  value: string,
  tenantId: string,
): Promise<boolean> {
  return claimUniqueKey(deps, tenantClaim(field, value, tenantId), async (holderId) => {
    const holder = await deps.store.collection<TenantDocument>('tenants').read(holderId, holderId);
    return holder !== undefined && tenantKey(holder[field]) === tenantKey(value);
  });
}

/** Gives a claim back when the tenant no longer uses the value. */
export async function releaseTenantKey(
  deps: Pick<Deps, 'store'>,
  field: TenantKeyField,
  value: string,
  tenantId: string,
): Promise<void> {
  await releaseUniqueKey(deps, tenantClaim(field, value, tenantId));
}

/** Claims every unique value of a tenant; on a refusal gives back what it took and throws the 409. */
export async function claimTenantKeys(
  deps: Pick<Deps, 'store'>,
  tenant: Pick<TenantDocument, 'id' | TenantKeyField>,
  fields: readonly TenantKeyField[] = KEY_FIELDS,
): Promise<void> {
  const taken: TenantKeyField[] = [];
  for (const field of fields) {
    if (!(await claimTenantKey(deps, field, tenant[field], tenant.id))) {
      for (const done of taken) await releaseTenantKey(deps, done, tenant[done], tenant.id);
      throw new ConflictError(takenMessage(field, tenant[field]));
    }
    taken.push(field);
  }
}
