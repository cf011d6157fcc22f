import { randomBytes, randomUUID } from 'node:crypto';
import { type AdminUserView, refusal, userBodySchema } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { ConflictError, DomainError, ValidationError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { issueAccountToken } from '../accounts/account-token.js';
import { claimAccountKey, releaseAccountKey } from '../accounts/claim-account-key.js';
import { findUserByKey } from '../accounts/find-user-by-key.js';
import { hashPassword } from '../accounts/hash-password.js';
import { AGREED_TERMS, type UserDocument } from '../../records/user-document.js';
import { auditedAction } from '../audit/audited-action.js';
import type { TenantDocument } from '../../records/tenant-document.js';
import { adminScopeOf } from '../../records/admin-scope.js';
import { assertTenantAdminMay, describeUser } from './admin-user-rules.js';
import { invitationMail } from './admin-user-mails.js';
import { toAdminUserView } from './admin-user-view.js';

/** How long an invitation's set-password link lasts: long enough to be found after a weekend away. */
export const INVITATION_DAYS = 7;

/**
 * `POST /api/superadmin/users`: an administrator adds a local account.
 *
 * How the new user gets a password: the administrator never chooses or sees
 * one. The account is created with a random password nobody knows and the
 * user is mailed an invitation whose link is a password-reset token of the
 * existing reset flow (account-token.ts, reset-password.ts), valid for
 * INVITATION_DAYS days; opening it on the reset-password page sets their own
 * password. Because only the mailbox's owner can do that, the address counts
 * as confirmed. If the link lapses, "Forgot password" sends a new one. A user
 * created inactive gets the mail too, but the link works only once an
 * administrator activates the account (resetting needs an active account).
 * Without the mail the account could never be used, so a failed send undoes it.
 *
 * Work accounts are not created here: they appear on their first Entra ID
 * sign-in in the tenant of their directory, and are then managed like any user.
 */
export async function createAdminUser(
  deps: Deps,
  caller: Caller,
  input: unknown,
  client: ClientInfo,
): Promise<AdminUserView> {
  return auditedAction(deps, caller, client, { action: 'CreateUser', entityType: 'User' }, async (note) => {
    const scope = adminScopeOf(caller);
    const body = userBodySchema.parse(input);
    assertTenantAdminMay(scope, body);
    const tenant = await deps.store.collection<TenantDocument>('tenants').read(body.tenantId, body.tenantId);
    if (!tenant)
      throw new ValidationError(refusal('admin.chosenTenantMissing'), {
        tenantId: refusal('admin.chosenTenantMissing'),
      });

    const userNameKey = body.userName.toLowerCase();
    const emailKey = body.email.toLowerCase();
    if (await findUserByKey(deps, 'userNameKey', userNameKey))
      throw new ConflictError(refusal('admin.userNameTaken', { userName: body.userName }));
    if (await findUserByKey(deps, 'emailKey', emailKey))
      throw new ConflictError(refusal('admin.emailTaken', { email: body.email }));

    // The invitation and later mails go in the account's language: as chosen, else the administrator's own.
    const language =
      body.language ??
      (await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId))?.language;
    const id = randomUUID();
    const user: UserDocument = {
      id,
      pk: id,
      tenantId: body.tenantId,
      userName: body.userName,
      userNameKey,
      email: body.email,
      emailKey,
      emailConfirmed: true,
      passwordHash: await hashPassword(randomBytes(32).toString('base64url'), deps.config.accounts.passwordHashCost),
      roles: body.roles,
      isActive: body.isActive ?? true,
      dateJoined: deps.clock.now().toISOString(),
      tfaEnabled: false,
      agreedTermsOfService: AGREED_TERMS.Undefined,
      ...(language ? { language } : {}),
    };
    const users = deps.store.collection<UserDocument>('users');
    // Written before its keys are claimed, so a rival that finds a claim can tell a live holder from a stale one.
    await users.create(user);
    const undo = async () => {
      await users.delete(id, id).catch(() => false);
      await releaseAccountKey(deps, 'emailKey', emailKey, id);
      await releaseAccountKey(deps, 'userNameKey', userNameKey, id);
    };
    if (!(await claimAccountKey(deps, 'userNameKey', userNameKey, id))) {
      await undo();
      throw new ConflictError(refusal('admin.userNameTaken', { userName: body.userName }));
    }
    if (!(await claimAccountKey(deps, 'emailKey', emailKey, id))) {
      await undo();
      throw new ConflictError(refusal('admin.emailTaken', { email: body.email }));
    }

    try {
      const token = await issueAccountToken(deps, id, 'reset-password', INVITATION_DAYS * 24 * 3600);
      const link = `${deps.config.publicUrl}/reset-password?email=${encodeURIComponent(user.email)}&token=${token}`;
      await deps.mailer.send(invitationMail(user.email, user.userName, link, INVITATION_DAYS, user.language));
    } catch (error) {
      deps.log.error('Sending an invitation failed; the user was not kept', { error });
      await undo();
      throw new DomainError('unavailable', 503, refusal('admin.invitationFailed'));
    }

    Object.assign(note, { tenantId: user.tenantId, entityId: id, details: `${describeUser(user)}; invitation mailed` });
    return toAdminUserView(user, tenant);
  });
}
