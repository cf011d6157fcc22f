import { refusal } from '@ratkaisu/core';
import type { DisplayLanguage } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { updateUser } from './update-user.js';

/**
 * `POST /user/update-language`: the account's language (en|fi), saved when a signed-in user switches the
 * screens' language; mails and in-app notices go to the user in it. Conditional write, audited
 * when it changes.
 */
export async function updateLanguage(
  deps: Deps,
  caller: Caller,
  language: DisplayLanguage,
  client: ClientInfo,
): Promise<{ language: DisplayLanguage }> {
  let previous: DisplayLanguage | undefined;
  const saved = await updateUser(deps, caller.userId, (user) => {
    previous = user.language ?? 'en';
    return { ...user, language };
  });
  if (!saved) throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  if (previous !== language) {
    await recordCallerAction(deps, caller, client, {
      action: 'UpdateLanguage',
      entityType: 'User',
      entityId: caller.userId,
      details: `Language changed from ${previous ?? 'en'} to ${language}.`,
    });
  }
  return { language };
}
