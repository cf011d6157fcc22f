import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { BadRequestError, ConflictError, TooManyRequestsError, UnauthorizedError } from '../../errors.js';
import type { ClientInfo } from '../../context/client-info.js';
import type { Caller } from '../../context/caller.js';
import { recordAudit } from '../audit/record-audit.js';
import { updateUser } from './update-user.js';
import type { UserDocument } from '../../records/user-document.js';
import { verifySecondFactorThrottled } from './verify-two-factor-code.js';
import { newRecoveryCodes } from './recovery-codes.js';

export const TFA_CHANGED_MESSAGE = 'TFA settings changed';
export const TFA_CODE_NOT_VALID_MESSAGE = refusal('accounts.tfaCodeNotValid').message;
export const TFA_NO_KEY_MESSAGE = refusal('accounts.tfaNoKey').message;

/**
 * Turns two-factor sign-in on or off with a valid, unused code. On needs the
 * pending secret from get-tfa-key (the code proves the authenticator app has
 * it) and answers ten recovery codes, shown this once (recovery-codes.ts); off
 * removes the secret and the recovery codes, so turning it on again issues new
 * ones. docs/product.md's `message` stays; the Security page says it in plain words.
 */
export async function toggleTwoFactor(
  deps: Deps,
  caller: Caller,
  input: { tfaCode: string; client: ClientInfo },
): Promise<{ tfaEnabled: boolean; message: string; recoveryCodes?: string[] }> {
  const user = await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId);
  if (!user) throw new UnauthorizedError();
  const wasEnabled = user.tfaEnabled;
  const audit = {
    action: wasEnabled ? ('DisableTwoFactor' as const) : ('EnableTwoFactor' as const),
    userId: user.id,
    userEmail: user.email,
    entityType: 'User',
    entityId: user.id,
    ipAddress: input.client.ipAddress,
  };
  if (!user.passwordHash) throw new BadRequestError(refusal('accounts.tfaPasswordAccountsOnly'));
  if (!user.tfaSecretEncrypted) {
    await recordAudit(deps, { ...audit, success: false, errorMessage: TFA_NO_KEY_MESSAGE });
    throw new BadRequestError(refusal('accounts.tfaNoKey'));
  }

  let verified;
  try {
    verified = await verifySecondFactorThrottled(deps, user.id, input.tfaCode, {
      purpose: 'turn two-factor sign-in off',
      ipAddress: input.client.ipAddress,
    });
  } catch (error) {
    if (error instanceof TooManyRequestsError) {
      await recordAudit(deps, { ...audit, success: false, errorMessage: error.message });
    }
    throw error;
  }
  if (!verified) {
    await recordAudit(deps, { ...audit, success: false, errorMessage: TFA_CODE_NOT_VALID_MESSAGE });
    throw new BadRequestError(refusal('accounts.tfaCodeNotValid'), { tfaCode: TFA_CODE_NOT_VALID_MESSAGE });
  }

  // Hashed before the write (argon2 is slow): the write itself stays one conditional replace.
  const recovery = wasEnabled ? undefined : await newRecoveryCodes(deps.config.accounts.passwordHashCost);
  const createdAt = deps.clock.now().toISOString();
  const updated = await updateUser(deps, user.id, (doc) => {
    // Another request flipped it (or replaced the secret) since the code was checked: do not flip twice.
    if (doc.tfaEnabled !== wasEnabled || doc.tfaSecretEncrypted !== verified.tfaSecretEncrypted) {
      throw new ConflictError();
    }
    if (wasEnabled) {
      const { tfaSecretEncrypted: _removed, tfaRecoveryCodes: _codes, tfaRecoveryCodesAt: _codesAt, ...rest } = doc;
      return { ...rest, tfaEnabled: false };
    }
    return { ...doc, tfaEnabled: true, tfaRecoveryCodes: recovery!.stored, tfaRecoveryCodesAt: createdAt };
  });
  if (!updated) throw new UnauthorizedError();
  await recordAudit(deps, { ...audit, success: true });
  if (!recovery) return { tfaEnabled: updated.tfaEnabled, message: TFA_CHANGED_MESSAGE };
  await recordAudit(deps, {
    ...audit,
    action: 'CreateRecoveryCodes',
    success: true,
    details: `${recovery.codes.length} recovery codes made as two-factor sign-in was turned on`,
  });
  return { tfaEnabled: updated.tfaEnabled, message: TFA_CHANGED_MESSAGE, recoveryCodes: recovery.codes };
}
