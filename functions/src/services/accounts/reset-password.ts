import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { BadRequestError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import { recordAudit } from '../audit/record-audit.js';
import { endUserSessions } from '../sessions/end-user-sessions.js';
import { redeemAccountToken, revokeAccountTokens } from './account-token.js';
import { assertPasswordAllowed } from './common-passwords.js';
import { findUserByKey } from './find-user-by-key.js';
import { hashPassword } from './hash-password.js';
import { updateUser } from './update-user.js';

export const RESET_LINK_INVALID_MESSAGE = refusal('accounts.resetLinkInvalid').message;
export const PASSWORD_RESET_MESSAGE = 'You have successfully reset your password.';

/**
 * Sets a new password with the single-use link from the forgot-password mail,
 * then ends every session of the account (whoever knew the old password is
 * signed out) and makes any other reset link of the account worthless.
 */
export async function resetPassword(
  deps: Deps,
  input: { email: string; token: string; password: string },
  client: ClientInfo,
): Promise<{ message: string }> {
  const audit = { action: 'ResetPassword' as const, entityType: 'User', ipAddress: client.ipAddress };
  // Before the account is looked up, and with the email given only, so the answer tells nothing about the
  // account; and before the link is spent, so a refused password leaves it usable.
  assertPasswordAllowed(input.password, { email: input.email }, 'password');
  const user = await findUserByKey(deps, 'emailKey', input.email.toLowerCase());
  const usable = user && user.isActive && user.passwordHash;
  if (!usable || !(await redeemAccountToken(deps, user.id, 'reset-password', input.token))) {
    await recordAudit(deps, {
      ...audit,
      userEmail: input.email,
      ...(user ? { userId: user.id, entityId: user.id } : {}),
      success: false,
      errorMessage: RESET_LINK_INVALID_MESSAGE,
    });
    throw new BadRequestError(refusal('accounts.resetLinkInvalid'));
  }

  const passwordHash = await hashPassword(input.password, deps.config.accounts.passwordHashCost);
  await updateUser(deps, user.id, (doc) => ({ ...doc, passwordHash }));
  await revokeAccountTokens(deps, user.id, 'reset-password');
  const ended = await endUserSessions(deps, user.id);
  await recordAudit(deps, {
    ...audit,
    userId: user.id,
    userEmail: user.email,
    entityId: user.id,
    success: true,
    details: `Sessions ended: ${ended}`,
  });
  return { message: PASSWORD_RESET_MESSAGE };
}
