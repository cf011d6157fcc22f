import { refusal, type Refused } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { BadRequestError, ConflictError, UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { recordAudit } from '../audit/record-audit.js';
import { reauthenticate, type ReauthenticationRefusal } from './reauthenticate.js';
import { newRecoveryCodes } from './recovery-codes.js';
import { updateUser } from './update-user.js';

export const RECOVERY_NEEDS_TFA_MESSAGE = refusal('accounts.recoveryNeedsTfa').message;
export const RECOVERY_WRONG_PASSWORD_MESSAGE = refusal('accounts.recoveryWrongPassword').message;
export const RECOVERY_CODE_NEEDED_MESSAGE = refusal('accounts.recoveryCodeNeeded').message;
export const RECOVERY_CODE_WRONG_MESSAGE = refusal('accounts.recoveryCodeWrong').message;

const REFUSALS: Record<ReauthenticationRefusal, [wording: Refused, field: string]> = {
  noLocalPassword: [refusal('accounts.recoveryNeedsTfa'), 'password'],
  passwordRequired: [refusal('accounts.recoveryWrongPassword'), 'password'],
  wrongPassword: [refusal('accounts.recoveryWrongPassword'), 'password'],
  codeRequired: [refusal('accounts.recoveryCodeNeeded'), 'tfaCode'],
  wrongCode: [refusal('accounts.recoveryCodeWrong'), 'tfaCode'],
  workAccountRequired: [refusal('accounts.recoveryNeedsTfa'), 'password'],
  workAccountMismatch: [refusal('accounts.recoveryNeedsTfa'), 'password'],
};

/**
 * `POST /user/tfa-recovery-codes`: ten new recovery codes in place of the old ones, which stop working at once
 * (a lost or used-up sheet). Asks for the password and a second factor — the app's code or a recovery code —
 * as any sensitive step does (reauthenticate.ts); audited either way.
 */
export async function createRecoveryCodes(
  deps: Deps,
  caller: Caller,
  input: { password: string; tfaCode?: string; client: ClientInfo },
): Promise<{ recoveryCodes: string[]; createdAt: string }> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  if (!user) throw new UnauthorizedError();
  const audit = {
    action: 'CreateRecoveryCodes' as const,
    userId: user.id,
    userEmail: user.email,
    entityType: 'User',
    entityId: user.id,
    ipAddress: input.client.ipAddress,
  };
  if (!user.tfaEnabled || !user.passwordHash) {
    await recordAudit(deps, { ...audit, success: false, errorMessage: RECOVERY_NEEDS_TFA_MESSAGE });
    throw new BadRequestError(refusal('accounts.recoveryNeedsTfa'));
  }
  await reauthenticate(
    deps,
    caller,
    { password: input.password, ...(input.tfaCode !== undefined ? { code: input.tfaCode } : {}) },
    {
      client: input.client,
      audit: { action: 'CreateRecoveryCodes', entityType: 'User', entityId: user.id },
      allowWorkAccount: false,
      refuse: (reason) => {
        const [wording, field] = REFUSALS[reason];
        return { message: wording.message, error: new BadRequestError(wording, { [field]: wording.message }) };
      },
    },
  );

  const recovery = await newRecoveryCodes(deps.config.accounts.passwordHashCost);
  const createdAt = deps.clock.now().toISOString();
  await updateUser(deps, user.id, (doc) => {
    // Turned off meanwhile (in another tab): new codes would outlive the second factor they stand in for.
    if (!doc.tfaEnabled) throw new ConflictError(refusal('accounts.recoveryNeedsTfa'));
    return { ...doc, tfaRecoveryCodes: recovery.stored, tfaRecoveryCodesAt: createdAt };
  });
  await recordAudit(deps, {
    ...audit,
    success: true,
    details: `${recovery.codes.length} new recovery codes made; the earlier ones no longer work`,
  });
  return { recoveryCodes: recovery.codes, createdAt };
}
