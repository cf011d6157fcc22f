import type { FixMissingRolesResult } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { updateUser } from '../accounts/update-user.js';
import type { UserDocument } from '../../records/user-document.js';
import { recordAudit } from '../audit/record-audit.js';
import { adminScopeOf, tenantFilter } from '../../records/admin-scope.js';
import { validRoles } from './admin-user-view.js';

/**
 * `POST /api/superadmin/users/fix-missing-roles`: gives the role User to every
 * user (in the caller's scope) who has no valid role, so nobody is left
 * unable to use the service after an import or a store edit. Each fix is
 * audited as an UpdateUser. The store cannot filter on an empty list, so the
 * users are read page by page; this is an occasional repair, not a hot path.
 */
export async function fixMissingRoles(deps: Deps, caller: Caller, client: ClientInfo): Promise<FixMissingRolesResult> {
  const scope = adminScopeOf(caller);
  const users = deps.store.collection<UserDocument>('users');
  let fixed = 0;
  let continuation: string | undefined;
  do {
    const page = await users.query({
      where: tenantFilter(scope),
      limit: 1000,
      ...(continuation ? { continuation } : {}),
    });
    for (const user of page.items) {
      if (validRoles(user.roles).length > 0) continue;
      let changed = false;
      // Re-checked on the fresh copy: someone may have given a role in the meantime.
      await updateUser(deps, user.id, (doc) => {
        changed = validRoles(doc.roles).length === 0;
        return changed ? { ...doc, roles: ['User'] } : doc;
      });
      if (!changed) continue;
      fixed++;
      await recordAudit(deps, {
        action: 'UpdateUser',
        userId: caller.userId,
        userEmail: caller.email,
        entityType: 'User',
        entityId: user.id,
        tenantId: user.tenantId,
        ipAddress: client.ipAddress,
        success: true,
        details: `roles: ${Array.isArray(user.roles) && user.roles.length > 0 ? user.roles.join(', ') : 'none'} → User (fix missing roles)`,
      });
    }
    continuation = page.continuation;
  } while (continuation);
  return { fixed };
}
