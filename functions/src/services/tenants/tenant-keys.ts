import { createHash } from 'node:crypto';
import { ADMIN_MESSAGES } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import { StoreConflictError, type BaseDoc } from '../../ports/store.js';
import { listAllTenants } from './list-all-tenants.js';
import type { TenantDocument } from '../../records/tenant-document.js';

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

export function takenMessage(field: TenantKeyField, value: string): string {
  return field === 'domain' ? ADMIN_MESSAGES.tenantDomainTaken(value) : ADMIN_MESSAGES.tenantAzureIdTaken(value);
}

/**
 * A claim on a unique tenant value: a document with a fixed id in the
 * `tokens` collection, which only one create can make. A claim whose tenant
 * no longer holds the value (deleted, or changed to another) is stale and is
 * taken over conditionally, so the tenant must exist before it claims.
 */
interface TenantKeyClaimDocument extends BaseDoc {
  kind: 'tenant-key-claim';
  field: TenantKeyField;
  tenantId: string;
}

function claimId(field: TenantKeyField, value: string): string {
  return `claim.tenant.${field}.${createHash('sha256').update(tenantKey(value), 'utf8').digest('base64url')}`;
}

/** True when the value is now claimed for the tenant (or already was); false when another tenant holds it. */
export async function claimTenantKey(
  deps: Pick<Deps, 'store'>,
  field: TenantKeyField,
  value: string,
  tenantId: string,
): Promise<boolean> {
  const claims = deps.store.collection<TenantKeyClaimDocument>('tokens');
  const id = claimId(field, value);
  const claim: TenantKeyClaimDocument = { id, pk: id, kind: 'tenant-key-claim', field, tenantId };
  try {
    await claims.create(claim);
    return true;
  } catch (error) {
    if (!(error instanceof StoreConflictError)) throw error;
  }
  const existing = await claims.read(id, id);
  if (!existing) return false; // released a moment ago; answer "taken" rather than loop
  if (existing.tenantId === tenantId) return true;
  const holder = await deps.store.collection<TenantDocument>('tenants').read(existing.tenantId, existing.tenantId);
  if (holder && tenantKey(holder[field]) === tenantKey(value)) return false;
  try {
    await claims.replace(claim, { ifMatch: existing._etag });
    return true;
  } catch (error) {
    if (error instanceof StoreConflictError) return false;
    throw error;
  }
}

/** Gives a claim back when the tenant no longer uses the value. */
export async function releaseTenantKey(
  deps: Pick<Deps, 'store'>,
  field: TenantKeyField,
  value: string,
  tenantId: string,
): Promise<void> {
  const claims = deps.store.collection<TenantKeyClaimDocument>('tokens');
  const id = claimId(field, value);
  const existing = await claims.read(id, id);
  if (existing?.tenantId === tenantId) await claims.delete(id, id, { ifMatch: existing._etag }).catch(() => false);
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
