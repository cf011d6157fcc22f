import type { Deps } from '../../deps.js';
import type { Stored } from '../../ports/store.js';
import { changeRecord } from '../../records/change-record.js';
import { returnQuotaSlot, takeQuotaSlot, type QuotaSpec } from '../limits/fixed-window-quota.js';
import { recordAudit } from '../audit/record-audit.js';
import { consumeRecoveryCode, recoveryCodesLeft } from './recovery-codes.js';
import { decryptSecret } from './secret-box.js';
import { tfaEncryptionKey } from './tfa-encryption-key.js';
import { normalizeTotpCode, TOTP_PERIOD_SECONDS, totpFor } from './two-factor-totp.js';
import type { UserDocument } from '../../records/user-document.js';

type TwoFactorDeps = Pick<Deps, 'store' | 'clock' | 'config'>;

/**
 * Second-factor checks per account: every check takes a slot first (one
 * conditional write, so a burst cannot overshoot) and a right code gives it
 * back, so this many wrong codes per clock hour, then 429 (240 guesses a day
 * at most against about three valid codes in a million). Shared by the
 * sign-in, two-factor toggling and any re-authentication (signing an award).
 */
export const SECOND_FACTOR_CHECKS_PER_ACCOUNT: QuotaSpec = {
  name: 'second-factor-user',
  limit: 10,
  windowMs: 3600 * 1000,
  message: 'Too many two-factor codes tried. Please wait an hour and try again.',
};

/** Where a recovery code was spent, for its audit entry. */
export interface SecondFactorUse {
  /** "sign in", "change the password", "sign an award": what the code was given for. */
  purpose: string;
  ipAddress: string;
}

/**
 * Checks and spends a second-factor code for the user, throttled per account
 * (SECOND_FACTOR_CHECKS_PER_ACCOUNT; TooManyRequestsError past it): a code from
 * the authenticator app, or one of the account's recovery codes (recovery-codes.ts),
 * whose use is audited (UseRecoveryCode, with how many are left). Returns the user
 * as written when the code was accepted, else undefined. The one way every
 * second-factor check should go.
 */
export async function verifySecondFactorThrottled(
  deps: Pick<Deps, 'store' | 'clock' | 'config' | 'log'>,
  userId: string,
  code: string,
  use: SecondFactorUse,
): Promise<Stored<UserDocument> | undefined> {
  await takeQuotaSlot(deps, SECOND_FACTOR_CHECKS_PER_ACCOUNT, userId);
  const byApp = await consumeTwoFactorCode(deps, userId, code);
  const byRecovery = byApp ? undefined : await consumeRecoveryCode(deps, userId, code);
  const accepted = byApp ?? byRecovery;
  if (accepted) await returnQuotaSlot(deps, SECOND_FACTOR_CHECKS_PER_ACCOUNT, userId);
  if (byRecovery) {
    await recordAudit(deps, {
      action: 'UseRecoveryCode',
      success: true,
      userId: byRecovery.id,
      userEmail: byRecovery.email,
      entityType: 'User',
      entityId: byRecovery.id,
      ipAddress: use.ipAddress,
      details: `A recovery code was used to ${use.purpose}; ${recoveryCodesLeft(byRecovery)} left`,
    });
  }
  return accepted;
}

/** How often a lost race on the user document is retried; each retry re-reads and re-checks. */
const MAX_ATTEMPTS = 5;

/**
 * Checks a TOTP code against the user's (pending or enabled) secret and spends
 * it: the accepted time step is written to `tfaLastUsedStep` with an etag
 * condition, and steps not after the last used one are refused, so each code
 * works once only, even when two requests present it at the same moment.
 */
export async function verifyTwoFactorCode(deps: TwoFactorDeps, user: UserDocument, code: string): Promise<boolean> {
  return (await consumeTwoFactorCode(deps, user.id, code)) !== undefined;
}

/**
 * As `verifyTwoFactorCode`, returning the user document as written (with its
 * new etag) when the code was accepted, so a caller can go on to change the
 * same document conditionally; undefined when the code is not accepted.
 */
export async function consumeTwoFactorCode(
  deps: TwoFactorDeps,
  userId: string,
  code: string,
): Promise<Stored<UserDocument> | undefined> {
  const token = normalizeTotpCode(code);
  if (!token) return undefined;
  const users = deps.store.collection<UserDocument>('users');
  const key = await tfaEncryptionKey(deps.config);

  // Someone else writing the user meanwhile (maybe spending this very code) means reading again and re-checking.
  const result = await changeRecord(
    users,
    { pk: userId, id: userId },
    (current) => {
      if (!current.tfaSecretEncrypted) return undefined;
      const timestamp = deps.clock.now().getTime();
      const totp = totpFor(decryptSecret(key, current.tfaSecretEncrypted), current.email);
      // Codes of the previous and next 30 s step are accepted too, for clock drift (wider only in test runs).
      const delta = totp.validate({ token, timestamp, window: deps.config.accounts.totpWindowSteps });
      if (delta === null) return undefined;
      const step = Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
      if (current.tfaLastUsedStep !== undefined && step <= current.tfaLastUsedStep) return undefined;
      return { ...current, tfaLastUsedStep: step };
    },
    { attempts: MAX_ATTEMPTS },
  );
  return result.outcome === 'written' ? result.record : undefined;
}
