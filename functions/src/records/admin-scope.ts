import { ForbiddenError } from '../errors.js';
import type { Caller } from '../context/caller.js';

/**
 * What an administrator may see and manage: a SuperAdmin everything, an Admin
 * (a tenant administrator) their own tenant only. The route table lets both
 * through (`access: 'admin'`); each service narrows by this scope.
 */
export type AdminScope = { kind: 'all' } | { kind: 'tenant'; tenantId: string };

export function adminScopeOf(caller: Caller): AdminScope {
  if (caller.roles.includes('SuperAdmin')) return { kind: 'all' };
  if (caller.roles.includes('Admin')) return { kind: 'tenant', tenantId: caller.tenantId };
  // The route table already refuses other callers; this keeps a mis-declared route from opening up.
  throw new ForbiddenError();
}

/** Whether the scope covers a tenant. */
export function scopeCovers(scope: AdminScope, tenantId: string): boolean {
  return scope.kind === 'all' || scope.tenantId === tenantId;
}

/** The store condition that limits a query on a document's `tenantId` field to the scope. */
export function tenantFilter(scope: AdminScope): { field: 'tenantId'; op: '='; value: string }[] {
  return scope.kind === 'all' ? [] : [{ field: 'tenantId', op: '=', value: scope.tenantId }];
}
