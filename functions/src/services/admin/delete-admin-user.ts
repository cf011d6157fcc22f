import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { releaseAccountKey } from '../accounts/claim-account-key.js';
import type { UserDocument } from '../../records/user-document.js';
import { auditedAction } from '../audit/audited-action.js';
import { forgetPartyCaseList } from '../disputes/party-case-list.js';
import { endUserSessions } from '../sessions/end-user-sessions.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { adminScopeOf, scopeCovers } from '../../records/admin-scope.js';
import { assertTenantAdminMay, describeUser } from './admin-user-rules.js';
import { assertSuperAdminRemains, superAdminRemains } from '../tenants/usable-super-admins.js';

/**
 * `DELETE /api/superadmin/users/{id}`: removes an account and ends its
 * sessions. Nobody deletes themselves here, and the last usable SuperAdmin
 * stays. The cases the user created stay too (they belong to both parties).
 * A work account's user comes back as a plain User on its next sign-in while
 * its directory tenant is active: to keep someone out, deactivate instead.
 */
export async function deleteAdminUser(deps: Deps, caller: Caller, userId: string, client: ClientInfo): Promise<void> {
  await auditedAction(
    deps,
    caller,
    client,
    { action: 'DeleteUser', entityType: 'User', entityId: userId },
    async (note) => {
      const scope = adminScopeOf(caller);
      const users = deps.store.collection<UserDocument>('users');
      const current = await users.read(userId, userId);
      if (!current || !scopeCovers(scope, current.tenantId)) throw new NotFoundError(refusal('admin.userNotFound'));
      note.tenantId = current.tenantId;
      const { _etag, ...user } = current;
      assertTenantAdminMay(scope, undefined, user);
      if (userId === caller.userId) throw new ConflictError(refusal('admin.ownDeletion'));

      const tenant = await deps.store.collection<TenantDocument>('tenants').read(user.tenantId, user.tenantId);
      const wasUsableSuperAdmin = user.roles.includes('SuperAdmin') && user.isActive && tenant?.isActive === true;
      if (wasUsableSuperAdmin) await assertSuperAdminRemains(deps, { userId });

      if (!(await users.delete(userId, userId, { ifMatch: _etag })))
        throw new NotFoundError(refusal('admin.userNotFound'));
      if (wasUsableSuperAdmin && !(await superAdminRemains(deps))) {
        await users.create(user).catch(() => undefined);
        throw new ConflictError(refusal('admin.lastSuperAdmin'));
      }
      const ended = await endUserSessions(deps, userId);
      await forgetPartyCaseList(deps, userId);
      if (!user.entra) {
        // Frees the name and email for a new account; a stale claim would be taken over anyway, this is tidier.
        await releaseAccountKey(deps, 'userNameKey', user.userNameKey, userId);
        await releaseAccountKey(deps, 'emailKey', user.emailKey, userId);
      }
      Object.assign(note, { tenantId: user.tenantId, details: `${describeUser(user)}; sessions ended: ${ended}` });
    },
  );
}
