import { Secret, TOTP } from 'otpauth';
import type { Clock } from '../../../functions/src/ports/clock.js';
import { encryptSecret } from '../../../functions/src/services/accounts/secret-box.js';
import { tfaEncryptionKey } from '../../../functions/src/services/accounts/tfa-encryption-key.js';
import type { TestHost } from './start-host.js';

/**
 * A user with two-factor sign-in on, for seeding: the overrides to store and the authenticator the test
 * holds — `code()` gives the code of the clock's current step (each step's code is accepted once).
 */
export async function secondFactor(
  host: TestHost,
  clock: Clock,
): Promise<{ overrides: { tfaEnabled: true; tfaSecretEncrypted: string }; code: () => string }> {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
  return {
    overrides: {
      tfaEnabled: true,
      tfaSecretEncrypted: encryptSecret(await tfaEncryptionKey(host.deps.config), secret.base32),
    },
    code: () => totp.generate({ timestamp: clock.now().getTime() }),
  };
}
