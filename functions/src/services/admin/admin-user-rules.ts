import { refusal, type UserBody } from '@ratkaisu/core';
import { ForbiddenError } from '../../errors.js';
import type { UserDocument } from '../../records/user-document.js';
import type { AdminScope } from '../../records/admin-scope.js';

/**
 * What a tenant administrator may not do with a user: work outside their
 * tenant, grant SuperAdmin, or touch a SuperAdmin's account. A SuperAdmin may
 * do all of it. `target` is the user as stored, when one is being changed.
 */
export function assertTenantAdminMay(scope: AdminScope, body: UserBody | undefined, target?: UserDocument): void {
  if (scope.kind === 'all') return;
  if (target?.roles.includes('SuperAdmin')) throw new ForbiddenError(refusal('admin.tenantAdminSuperAdmin'));
  if (body && body.tenantId !== scope.tenantId) throw new ForbiddenError(refusal('admin.tenantAdminOtherTenant'));
  if (body?.roles.includes('SuperAdmin')) throw new ForbiddenError(refusal('admin.tenantAdminSuperAdmin'));
}

/** "User name: x; email: y; tenant: t; roles: User; active", for the audit entry of a new or deleted user. */
export function describeUser(
  user: Pick<UserDocument, 'userName' | 'email' | 'tenantId' | 'roles' | 'isActive'>,
): string {
  return [
    `User name: ${user.userName}`,
    `email: ${user.email}`,
    `tenant: ${user.tenantId}`,
    `roles: ${user.roles.join(', ') || 'none'}`,
    user.isActive ? 'active' : 'inactive',
  ].join('; ');
}
