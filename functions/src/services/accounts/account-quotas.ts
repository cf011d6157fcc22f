import type { Deps } from '../../deps.js';
import type { QuotaSpec } from '../limits/fixed-window-quota.js';

const HOUR_MS = 3600 * 1000;

/**
 * Limits on the account actions a script could abuse (the sign-in has its
 * own back-off, sign-in-throttle.ts). Counted per fixed hour in the store, so
 * they hold across instances. Per address: ACCOUNT_REQUESTS_PER_HOUR (an
 * office behind one address may need it raised).
 */
export function registrationsPerAddress(deps: Pick<Deps, 'config'>): QuotaSpec {
  return {
    name: 'register-ip',
    limit: deps.config.accounts.requestsPerHour,
    windowMs: HOUR_MS,
    message: 'Too many registration attempts from this address. Please try again later.',
  };
}

/**
 * User-name availability checks from one address (USERNAME_CHECKS_PER_HOUR): the sign-up form asks as the user
 * types (debounced), so a person needs a few dozen; a script listing names is stopped.
 */
export function usernameChecksPerAddress(deps: Pick<Deps, 'config'>): QuotaSpec {
  return {
    name: 'username-check-ip',
    limit: deps.config.accounts.usernameChecksPerHour,
    windowMs: HOUR_MS,
    message: 'Too many user name checks from this address. Please try again later.',
  };
}

/** Reset requests from one address: a 429 here says nothing about which accounts exist. */
export function resetRequestsPerAddress(deps: Pick<Deps, 'config'>): QuotaSpec {
  return {
    name: 'forgot-password-ip',
    limit: deps.config.accounts.requestsPerHour,
    windowMs: HOUR_MS,
    message: 'Too many password reset requests from this address. Please try again later.',
  };
}

/**
 * Reset mails to one address: past this, requests still get the usual answer
 * but no mail goes out, so the form cannot be used to flood someone's inbox.
 */
export const RESET_MAILS_PER_EMAIL: QuotaSpec = {
  name: 'forgot-password-email',
  limit: 3,
  windowMs: HOUR_MS,
  message: 'Too many password reset mails to this address.',
};

/** Wrong current passwords on the change-password form per account: a stolen session must not guess freely. */
export const WRONG_PASSWORDS_PER_ACCOUNT: QuotaSpec = {
  name: 'change-password-user',
  limit: 10,
  windowMs: HOUR_MS,
  message: 'Too many wrong passwords. Please wait an hour and try again.',
};
