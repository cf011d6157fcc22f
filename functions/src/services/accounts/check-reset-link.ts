import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { BadRequestError } from '../../errors.js';
import { isAccountTokenUsable } from './account-token.js';
import { findUserByKey } from './find-user-by-key.js';

/**
 * `POST /user/reset-password/check`: whether a reset link still works, asked by the reset page before it
 * shows the new-password form, so a used or expired link is refused before anyone types a password. Spends
 * nothing; the reset itself checks the link again. The refusal is the reset's own, the same for an unknown
 * address, so the answer tells nothing about the account.
 */
export async function checkResetLink(
  deps: Pick<Deps, 'store' | 'clock'>,
  input: { email: string; token: string },
): Promise<{ usable: true }> {
  const user = await findUserByKey(deps, 'emailKey', input.email.toLowerCase());
  const usable = user && user.isActive && user.passwordHash;
  if (!usable || !(await isAccountTokenUsable(deps, user.id, 'reset-password', input.token))) {
    throw new BadRequestError(refusal('accounts.resetLinkInvalid'));
  }
  return { usable: true };
}
