import { passwordProblem, passwordRefusal, refusal, type Refused } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { BadRequestError, UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordAudit } from '../audit/record-audit.js';
import { endUserSessions } from '../sessions/end-user-sessions.js';
import { isCommonPassword } from './common-passwords.js';
import { hashPassword } from './hash-password.js';
import { reauthenticate, type ReauthenticationRefusal } from './reauthenticate.js';
import { updateUser } from './update-user.js';
import type { UserDocument } from '../../records/user-document.js';

export const PASSWORD_CHANGED_MESSAGE = 'Password Changed!';
export const WRONG_CURRENT_PASSWORD_MESSAGE = refusal('accounts.wrongCurrentPassword').message;
export const TFA_CODE_NEEDED_MESSAGE = refusal('accounts.tfaCodeNeeded').message;
export const TFA_CODE_INVALID_MESSAGE = refusal('accounts.tfaCodeNotValid').message;
export const NO_LOCAL_PASSWORD_MESSAGE = refusal('accounts.noLocalPassword').message;

const REFUSALS: Record<ReauthenticationRefusal, [wording: Refused, field: string]> = {
  noLocalPassword: [refusal('accounts.noLocalPassword'), 'oldPassword'],
  passwordRequired: [refusal('accounts.wrongCurrentPassword'), 'oldPassword'],
  wrongPassword: [refusal('accounts.wrongCurrentPassword'), 'oldPassword'],
  codeRequired: [refusal('accounts.tfaCodeNeeded'), 'tfaCode'],
  wrongCode: [refusal('accounts.tfaCodeNotValid'), 'tfaCode'],
  workAccountRequired: [refusal('accounts.noLocalPassword'), 'oldPassword'],
  workAccountMismatch: [refusal('accounts.noLocalPassword'), 'oldPassword'],
};

/**
 * Changes the caller's password: the current password must be right and, with
 * two-factor on, a fresh code must be given. Every other session of the
 * account ends; the one the change was made in stays signed in.
 */
export async function changePassword(
  deps: Deps,
  caller: Caller,
  input: { oldPassword: string; newPassword: string; tfaCode?: string; client: ClientInfo },
): Promise<{ message: string }> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  if (!user) throw new UnauthorizedError();
  const audit = {
    action: 'ChangePassword' as const,
    userId: user.id,
    userEmail: user.email,
    entityType: 'User',
    entityId: user.id,
    ipAddress: input.client.ipAddress,
  };
  const refuse = async (wording: Refused, field: string): Promise<never> => {
    await recordAudit(deps, { ...audit, success: false, errorMessage: wording.message });
    throw new BadRequestError(wording, { [field]: wording.message });
  };

  if (!user.passwordHash) return refuse(refusal('accounts.noLocalPassword'), 'oldPassword');
  const problem = passwordProblem(input.newPassword, {
    username: user.userName,
    email: user.email,
    isCommon: isCommonPassword,
  });
  if (problem) return refuse(passwordRefusal(problem), 'newPassword');
  await reauthenticate(
    deps,
    caller,
    { password: input.oldPassword, ...(input.tfaCode !== undefined ? { code: input.tfaCode } : {}) },
    {
      client: input.client,
      audit: { action: 'ChangePassword', entityType: 'User', entityId: user.id },
      allowWorkAccount: false,
      refuse: (reason) => {
        const [wording, field] = REFUSALS[reason];
        return { message: wording.message, error: new BadRequestError(wording, { [field]: wording.message }) };
      },
    },
  );

  const passwordHash = await hashPassword(input.newPassword, deps.config.accounts.passwordHashCost);
  await updateUser(deps, user.id, (doc) => ({ ...doc, passwordHash }));
  const ended = await endUserSessions(deps, user.id, { exceptSessionId: caller.sessionId });
  await recordAudit(deps, { ...audit, success: true, details: `Other sessions ended: ${ended}` });
  return { message: PASSWORD_CHANGED_MESSAGE };
}
