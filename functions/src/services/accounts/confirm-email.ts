import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { BadRequestError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import { recordAudit } from '../audit/record-audit.js';
import { redeemAccountToken } from './account-token.js';
import { updateUser } from './update-user.js';
import type { UserDocument } from '../../records/user-document.js';

export const CONFIRM_LINK_INVALID_MESSAGE = refusal('accounts.confirmLinkInvalid').message;
export const EMAIL_CONFIRMED_MESSAGE = 'Email Address Confirmed';
export const EMAIL_ALREADY_CONFIRMED_MESSAGE = 'This email address is already confirmed: sign in.';

/** Confirms a registered email address with the single-use link token from the confirmation mail. */
export async function confirmEmail(
  deps: Deps,
  input: { userId: string; token: string },
  client: ClientInfo,
): Promise<{ message: string; alreadyConfirmed?: true }> {
  const users = deps.store.collection<UserDocument>('users');
  const user = await users.read(input.userId, input.userId);
  const audit = { action: 'ConfirmEmail' as const, entityType: 'User', ipAddress: client.ipAddress };
  // A link opened again (its token spent) for an address already confirmed: the truth is "sign in", not a failure.
  // It changes nothing and says no more than the account's own sign-in would.
  if (user?.emailConfirmed) return { message: EMAIL_ALREADY_CONFIRMED_MESSAGE, alreadyConfirmed: true };
  if (!user || !(await redeemAccountToken(deps, user.id, 'confirm-email', input.token))) {
    await recordAudit(deps, {
      ...audit,
      ...(user ? { userId: user.id, userEmail: user.email, entityId: user.id } : {}),
      success: false,
      errorMessage: CONFIRM_LINK_INVALID_MESSAGE,
    });
    throw new BadRequestError(refusal('accounts.confirmLinkInvalid'));
  }

  await updateUser(deps, user.id, (doc) => ({ ...doc, emailConfirmed: true }));
  await recordAudit(deps, { ...audit, userId: user.id, userEmail: user.email, entityId: user.id, success: true });
  return { message: EMAIL_CONFIRMED_MESSAGE };
}
