import { TERMS_OF_SERVICE_VERSION, refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { updateUser } from './update-user.js';
import { recordCallerAction } from '../audit/record-caller-action.js';
import { toCurrentUser, type CurrentUser } from '../../records/current-user.js';
import { AGREED_TERMS, type AgreedTerms } from '../../records/user-document.js';

const TERMS_NAMES = Object.fromEntries(Object.entries(AGREED_TERMS).map(([name, value]) => [value, name])) as Record<
  AgreedTerms,
  string
>;

/**
 * Saves the caller's terms-of-service decision (0 undecided, 1 agreed, 2
 * declined) and returns the current user. Only this one field is written,
 * conditionally, so a concurrent change to the account is not overwritten.
 */
export async function updateAgreedTerms(
  deps: Deps,
  caller: Caller,
  input: { agreedTermsOfService: AgreedTerms },
  client: ClientInfo,
): Promise<CurrentUser> {
  const decided = await updateUser(deps, caller.userId, (doc) => {
    const { agreedTermsAt: _at, agreedTermsVersion: _version, ...rest } = doc;
    const decision =
      input.agreedTermsOfService === AGREED_TERMS.Agreed
        ? { agreedTermsAt: deps.clock.now().toISOString(), agreedTermsVersion: TERMS_OF_SERVICE_VERSION }
        : {};
    return { ...rest, agreedTermsOfService: input.agreedTermsOfService, ...decision };
  });
  if (!decided) throw new UnauthorizedError(refusal('accounts.sessionEnded'));
  await recordCallerAction(deps, caller, client, {
    action: 'AgreeTerms',
    entityType: 'User',
    entityId: caller.userId,
    details: `Terms of service: ${TERMS_NAMES[input.agreedTermsOfService]}.`,
  });
  return toCurrentUser(decided, caller.sessionId);
}
