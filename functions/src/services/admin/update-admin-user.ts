import { type AdminUserView, refusal, type UserBody, userBodySchema } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { issueAccountToken, revokeAccountTokens } from '../accounts/account-token.js';
import { claimAccountKey, releaseAccountKey } from '../accounts/claim-account-key.js';
import { findUserByKey } from '../accounts/find-user-by-key.js';
import { updateUser } from '../accounts/update-user.js';
import type { UserDocument } from '../../records/user-document.js';
import { CONFIRM_EMAIL_TOKEN_SECONDS } from '../accounts/register-user.js';
import { auditedAction } from '../audit/audited-action.js';
import { endUserSessions } from '../sessions/end-user-sessions.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { adminScopeOf, scopeCovers } from '../../records/admin-scope.js';
import { emailChangedMail } from './admin-user-mails.js';
import { assertTenantAdminMay } from './admin-user-rules.js';
import { toAdminUserView } from './admin-user-view.js';
import { assertSuperAdminRemains, superAdminRemains } from '../tenants/usable-super-admins.js';

/**
 * `PUT /api/superadmin/users/{id}`: changes a user's name, email, tenant,
 * roles or active state. Role and tenant changes take effect on the user's
 * next request (every request reads the user); deactivating also ends their
 * sessions. Nobody may remove the last usable SuperAdmin, take SuperAdmin
 * from themselves, or deactivate themselves.
 *
 * A local account's email gives access to the cases that name it once it is
 * confirmed (dispute-access.ts), so a new address must be confirmed again: a
 * link goes to it and the user signs in after opening it. Otherwise an
 * administrator could reach others' cases by giving an account their address.
 * A work account's name and email are display copies of its directory's
 * (it signs in by tid and oid), so they change without that.
 */
export async function updateAdminUser(
  deps: Deps,
  caller: Caller,
  userId: string,
  input: unknown,
  client: ClientInfo,
): Promise<AdminUserView> {
  return auditedAction(
    deps,
    caller,
    client,
    { action: 'UpdateUser', entityType: 'User', entityId: userId },
    async (note) => {
      const scope = adminScopeOf(caller);
      const body = userBodySchema.parse(input);
      const users = deps.store.collection<UserDocument>('users');
      const current = await users.read(userId, userId);
      if (!current || !scopeCovers(scope, current.tenantId)) throw new NotFoundError(refusal('admin.userNotFound'));
      note.tenantId = current.tenantId;
      const { _etag, ...before } = current;
      assertTenantAdminMay(scope, body, before);

      const tenants = deps.store.collection<TenantDocument>('tenants');
      const tenant = await tenants.read(body.tenantId, body.tenantId);
      if (!tenant)
        throw new ValidationError(refusal('admin.chosenTenantMissing'), {
          tenantId: refusal('admin.chosenTenantMissing'),
        });
      const after = applyBody(before, body);
      const self = userId === caller.userId;
      if (self && before.roles.includes('SuperAdmin') && !after.roles.includes('SuperAdmin')) {
        throw new ConflictError(refusal('admin.ownSuperAdminRole'));
      }
      if (self && before.isActive && !after.isActive) throw new ConflictError(refusal('admin.ownDeactivation'));
      if (self && after.tenantId !== before.tenantId && !tenant.isActive) {
        throw new ConflictError(refusal('admin.ownTenantInactive'));
      }
      const beforeTenant =
        after.tenantId === before.tenantId ? tenant : await tenants.read(before.tenantId, before.tenantId);
      const wasUsable = isUsableSuperAdmin(before, beforeTenant);
      const staysUsable = isUsableSuperAdmin(after, tenant);
      if (wasUsable && !staysUsable) await assertSuperAdminRemains(deps, { userId });

      const keyChanges = (['userNameKey', 'emailKey'] as const).filter((field) => before[field] !== after[field]);
      for (const field of keyChanges) {
        const holder = await findUserByKey(deps, field, after[field]);
        if ((holder && holder.id !== userId) || !(await claimAccountKey(deps, field, after[field], userId))) {
          for (const done of keyChanges) {
            if (done === field) break;
            await releaseAccountKey(deps, done, after[done], userId);
          }
          throw new ConflictError(
            field === 'userNameKey'
              ? refusal('admin.userNameTaken', { userName: after.userName })
              : refusal('admin.emailTaken', { email: after.email }),
          );
        }
      }
      const emailChanged = keyChanges.includes('emailKey');
      if (emailChanged) {
        // Mailed before the write: a failed send changes nothing, and a link for a change that then loses a race confirms nothing new.
        try {
          await revokeAccountTokens(deps, userId, 'confirm-email');
          const token = await issueAccountToken(deps, userId, 'confirm-email', CONFIRM_EMAIL_TOKEN_SECONDS);
          const link = `${deps.config.publicUrl}/confirm-email?userId=${encodeURIComponent(userId)}&token=${token}`;
          await deps.mailer.send(emailChangedMail(after.email, after.userName, link, after.language));
        } catch (error) {
          deps.log.error('Mailing the confirmation of a changed email failed; the user was not changed', { error });
          for (const field of keyChanges) await releaseAccountKey(deps, field, after[field], userId);
          throw new DomainError('unavailable', 503, refusal('admin.emailChangeMailFailed'));
        }
      }

      try {
        await users.replace(after, { ifMatch: _etag });
      } catch (error) {
        for (const field of keyChanges) await releaseAccountKey(deps, field, after[field], userId);
        throw error;
      }
      if (wasUsable && !staysUsable && !(await superAdminRemains(deps))) {
        await updateUser(deps, userId, () => before);
        if (emailChanged) await revokeAccountTokens(deps, userId, 'confirm-email');
        throw new ConflictError(refusal('admin.lastSuperAdmin'));
      }
      for (const field of keyChanges) await releaseAccountKey(deps, field, before[field], userId);

      const deactivated = before.isActive && !after.isActive;
      const ended = deactivated ? await endUserSessions(deps, userId) : 0;
      const changes = describeChanges(before, after);
      if (deactivated) changes.push(`sessions ended: ${ended}`);
      if (emailChanged) changes.push('confirmation link mailed to the new address');
      Object.assign(note, {
        tenantId: after.tenantId,
        details: changes.length > 0 ? changes.join('; ') : 'No changes',
      });
      return toAdminUserView(after, tenant);
    },
  );
}

function applyBody(before: UserDocument, body: UserBody): UserDocument {
  const after: UserDocument = {
    ...before,
    userName: body.userName,
    email: body.email,
    tenantId: body.tenantId,
    roles: body.roles,
    isActive: body.isActive ?? before.isActive,
    ...(body.language ? { language: body.language } : {}),
  };
  // A work account's lookup keys are its directory identity (find-or-create-entra-user.ts), not its name or email.
  if (!before.entra) {
    after.userNameKey = body.userName.toLowerCase();
    after.emailKey = body.email.toLowerCase();
    if (after.emailKey !== before.emailKey) after.emailConfirmed = false;
  }
  return after;
}

function isUsableSuperAdmin(user: UserDocument, tenant: TenantDocument | undefined): boolean {
  return user.roles.includes('SuperAdmin') && user.isActive && tenant?.isActive === true;
}

function describeChanges(before: UserDocument, after: UserDocument): string[] {
  const changes: string[] = [];
  for (const field of ['userName', 'email', 'tenantId', 'isActive', 'language'] as const) {
    if (before[field] !== after[field]) changes.push(`${field}: ${String(before[field])} → ${String(after[field])}`);
  }
  const rolesBefore = before.roles.join(', ') || 'none';
  const rolesAfter = after.roles.join(', ') || 'none';
  if (rolesBefore !== rolesAfter) changes.push(`roles: ${rolesBefore} → ${rolesAfter}`);
  return changes;
}
