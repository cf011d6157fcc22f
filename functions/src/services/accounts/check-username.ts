import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import { takeQuotaSlot } from '../limits/fixed-window-quota.js';
import { usernameChecksPerAddress } from './account-quotas.js';
import { findUserByKey } from './find-user-by-key.js';

/** What the sign-up form says when the user name it asks about, or registers with, belongs to another account. */
export const USERNAME_TAKEN_MESSAGE = refusal('accounts.usernameTaken').message;

/**
 * `GET /user/username-available?username=…`: whether a user name is free, for the sign-up form to say at once
 *. User names are not secret (they appear on cases); emails are, and nothing here touches them.
 * Each check counts against the caller's address (usernameChecksPerAddress), so the route cannot list names.
 */
export async function checkUsername(
  deps: Pick<Deps, 'store' | 'clock' | 'config'>,
  username: string,
  client: ClientInfo,
): Promise<{ available: boolean }> {
  await takeQuotaSlot(deps, usernameChecksPerAddress(deps), client.ipAddress);
  return { available: !(await findUserByKey(deps, 'userNameKey', username.trim().toLowerCase())) };
}
