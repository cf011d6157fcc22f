import { refusal } from '@ratkaisu/core';
import { ForbiddenError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import { adminScopeOf } from '../../records/admin-scope.js';

/**
 * Tenant changes are a SuperAdmin's alone; a tenant administrator reads the
 * list only. The route table says so too; the service does not rely on it.
 */
export function requireSuperAdmin(caller: Caller): void {
  if (adminScopeOf(caller).kind !== 'all') throw new ForbiddenError(refusal('admin.superAdminOnlyTenants'));
}
