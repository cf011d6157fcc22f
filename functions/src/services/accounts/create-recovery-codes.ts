import type { Deps } from '../../deps.js';
import { BadRequestError, ConflictError, UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import type { UserDocument } from '../../records/user-document.js';
import { recordAudit } from '../audit/record-audit.js';
import { reauthenticate, type ReauthenticationRefusal } from './reauthenticate.js';
import { newRecoveryCodes } from './recovery-codes.js';
import { updateUser } from './update-user.js';

export const RECOVERY_NEEDS_TFA_MESSAGE = 'Recovery codes belong to two-factor sign-in: turn it on first.';
export const RECOVERY_WRONG_PASSWORD_MESSAGE = 'The password is incorrect.';
export const RECOVERY_CODE_NEEDED_MESSAGE =
  'Enter the six-digit code from your authenticator app, or one of your recovery codes.';
export const RECOVERY_CODE_WRONG_MESSAGE = 'The code is incorrect or has already been used.';

const REFUSALS: Record<ReauthenticationRefusal, [message: string, field: string]> = {
  noLocalPassword: [RECOVERY_NEEDS_TFA_MESSAGE, 'password'],
  passwordRequired: [RECOVERY_WRONG_PASSWORD_MESSAGE, 'password'],
  wrongPassword: [RECOVERY_WRONG_PASSWORD_MESSAGE, 'password'],
  codeRequired: [RECOVERY_CODE_NEEDED_MESSAGE, 'tfaCode'],
  wrongCode: [RECOVERY_CODE_WRONG_MESSAGE, 'tfaCode'],
  workAccountRequired: [RECOVERY_NEEDS_TFA_MESSAGE, 'password'],
  workAccountMismatch: [RECOVERY_NEEDS_TFA_MESSAGE, 'password'],
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
    throw new BadRequestError(RECOVERY_NEEDS_TFA_MESSAGE);
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
        const [message, field] = REFUSALS[reason];
        return { message, error: new BadRequestError(message, { [field]: message }) };
      },
    },
  );

  const recovery = await newRecoveryCodes(deps.config.accounts.passwordHashCost);
  const createdAt = deps.clock.now().toISOString();
  await updateUser(deps, user.id, (doc) => {
    // Turned off meanwhile (in another tab): new codes would outlive the second factor they stand in for.
    if (!doc.tfaEnabled) throw new ConflictError(RECOVERY_NEEDS_TFA_MESSAGE);
    return { ...doc, tfaRecoveryCodes: recovery.stored, tfaRecoveryCodesAt: createdAt };
  });
  await recordAudit(deps, {
    ...audit,
    success: true,
    details: `${recovery.codes.length} new recovery codes made; the earlier ones no longer work`,
  });
  return { recoveryCodes: recovery.codes, createdAt };
}
