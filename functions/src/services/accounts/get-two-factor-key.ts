import { refusal } from '@ratkaisu/core';
import type { Deps } from '../../deps.js';
import { BadRequestError, UnauthorizedError } from '../../errors.js';
import type { Caller } from '../../context/caller.js';
import { decryptSecret, encryptSecret } from './secret-box.js';
import { tfaEncryptionKey } from './tfa-encryption-key.js';
import { newTotpSecret, totpFor } from './two-factor-totp.js';
import { updateUser } from './update-user.js';
import type { UserDocument } from '../../records/user-document.js';

/**
 * The exact text docs/product.md section 4 says the client compares: it is the
 * `message` of the JSON error body, so it appears verbatim in the response text.
 */
export const TFA_ALREADY_ENABLED_MESSAGE = refusal('accounts.tfaAlreadyEnabled').message;
export const TFA_LOCAL_ONLY_MESSAGE = refusal('accounts.tfaPasswordAccountsOnly').message;

/**
 * The two-factor setup for the Security page: the base32 secret (shown as the
 * backup code) and the otpauth URI (shown as a QR code). While two-factor is
 * off, one pending secret is created and then reused until it is enabled; it
 * is stored encrypted. Once two-factor is on, the key is never shown again.
 */
export async function getTwoFactorKey(deps: Deps, caller: Caller): Promise<{ tfaKey: string; uri: string }> {
  const key = await tfaEncryptionKey(deps.config);
  const check = (user: UserDocument | undefined): UserDocument => {
    if (!user) throw new UnauthorizedError();
    if (user.tfaEnabled) throw new BadRequestError(refusal('accounts.tfaAlreadyEnabled'));
    if (!user.passwordHash) throw new BadRequestError(refusal('accounts.tfaPasswordAccountsOnly'));
    return user;
  };

  let user = check(await deps.store.collection<UserDocument>('users').read(caller.userId, caller.userId));
  if (!user.tfaSecretEncrypted) {
    const fresh = newTotpSecret();
    // Two first visits at once: whichever secret was written first is kept and shown to both.
    user = check(
      await updateUser(deps, caller.userId, (doc) =>
        check(doc).tfaSecretEncrypted ? doc : { ...doc, tfaSecretEncrypted: encryptSecret(key, fresh) },
      ),
    );
  }
  const secret = decryptSecret(key, user.tfaSecretEncrypted!);
  return { tfaKey: secret, uri: totpFor(secret, user.email).toString() };
}
