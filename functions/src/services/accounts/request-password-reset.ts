import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../../deps.js';
import type { ClientInfo } from '../../context/client-info.js';
import { TooManyRequestsError } from '../../errors.js';
import { takeQuotaSlot } from '../limits/fixed-window-quota.js';
import { RESET_MAILS_PER_EMAIL, resetRequestsPerAddress } from './account-quotas.js';
import { recordAudit } from '../audit/record-audit.js';
import { passwordResetMail } from './account-mails.js';
import { issueAccountToken } from './account-token.js';
import { findUserByKey } from './find-user-by-key.js';

export const RESET_LINK_SENT_MESSAGE =
  'If an account with that email address exists, we have sent a link to reset its password.';
export const RESET_PASSWORD_TOKEN_SECONDS = 3600;
/**
 * Every answer takes at least this long, so the time taken does not tell a
 * known address (token written, mail sent) from an unknown one (nothing to do).
 */
const MIN_ANSWER_MS = 400;

/**
 * Forgot password (`POST /user/forgot-password`). Always the same answer, so it
 * cannot be used to find out which addresses have accounts. A link is mailed
 * only to an existing, active, confirmed account that has a password.
 */
export async function requestPasswordReset(
  deps: Deps,
  input: { email: string },
  client: ClientInfo,
): Promise<{ message: string }> {
  const started = performance.now();
  const audit = { action: 'ForgotPassword' as const, entityType: 'User', ipAddress: client.ipAddress };
  await takeQuotaSlot(deps, resetRequestsPerAddress(deps), client.ipAddress);
  try {
    const user = await findUserByKey(deps, 'emailKey', input.email.toLowerCase());
    if (user && user.isActive && user.emailConfirmed && user.passwordHash && (await mailAllowed(deps, user.email))) {
      const token = await issueAccountToken(deps, user.id, 'reset-password', RESET_PASSWORD_TOKEN_SECONDS);
      const link =
        `${deps.config.publicUrl}/reset-password?email=${encodeURIComponent(user.email)}` + `&token=${token}`;
      await deps.mailer.send(passwordResetMail(user.email, user.userName, link, user.language));
      await recordAudit(deps, { ...audit, userId: user.id, userEmail: user.email, entityId: user.id, success: true });
    } else {
      await recordAudit(deps, {
        ...audit,
        userEmail: input.email,
        ...(user ? { userId: user.id, entityId: user.id } : {}),
        success: false,
        errorMessage: user ? 'The account cannot reset its password.' : 'No account has this email address.',
      });
    }
  } catch (error) {
    // A failure must not answer differently either; it is logged for the operators.
    deps.log.error('Sending a password reset link failed', { error });
  }
  const remaining = MIN_ANSWER_MS - (performance.now() - started);
  if (remaining > 0) await sleep(remaining);
  return { message: RESET_LINK_SENT_MESSAGE };
}

/** Whether another reset mail may go to this address this hour; past the limit the answer stays the same. */
async function mailAllowed(deps: Deps, email: string): Promise<boolean> {
  try {
    await takeQuotaSlot(deps, RESET_MAILS_PER_EMAIL, email);
    return true;
  } catch (error) {
    if (error instanceof TooManyRequestsError) return false;
    throw error;
  }
}
