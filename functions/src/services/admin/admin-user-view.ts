import { USER_ROLES, type AdminUserView, type UserRole } from '@ratkaisu/core';
import type { UserDocument } from '../../records/user-document.js';
import type { TenantDocument } from '../../records/tenant-document.js';

/** A user as the Users tab shows it: with the tenant's name and domain, never a secret. */
export function toAdminUserView(
  user: UserDocument,
  tenant: Pick<TenantDocument, 'name' | 'domain'> | undefined,
): AdminUserView {
  return {
    id: user.id,
    userName: user.userName,
    email: user.email,
    tenantId: user.tenantId,
    tenantName: tenant?.name ?? '',
    tenantDomain: tenant?.domain ?? '',
    roles: validRoles(user.roles),
    isActive: user.isActive,
    lastActivity: user.lastActivity ?? null,
    emailConfirmed: user.emailConfirmed,
    accountKind: user.entra ? 'work' : 'local',
    ...(user.arbitrator ? { arbitrator: { name: user.arbitrator.name, title: user.arbitrator.title } } : {}),
    ...(user.fullName?.trim() ? { fullName: user.fullName.trim() } : {}),
  };
}

/** The roles of a user that are roles at all; a stored list may be missing or hold leftovers. */
export function validRoles(roles: unknown): UserRole[] {
  if (!Array.isArray(roles)) return [];
  return roles.filter((role): role is UserRole => (USER_ROLES as readonly unknown[]).includes(role));
}
