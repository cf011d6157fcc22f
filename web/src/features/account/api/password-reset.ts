import { ApiError } from '../../../api/client';
import { api } from '../../../api/api';

/** POST /user/forgot-password: mails a reset link when the address belongs to an account (the answer never says). */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/user/forgot-password', { email }, { redirectOnUnauthorized: false });
}

/** POST /user/reset-password with the email and token from the mailed link. */
export async function resetPassword(input: { email: string; token: string; password: string }): Promise<void> {
  await api.post('/user/reset-password', input, { redirectOnUnauthorized: false });
}

/**
 * POST /user/reset-password/check: whether the mailed link still works, before the form is shown. Resolves
 * true or false; any other failure (no answer) rejects, and the page then shows the form, whose reset checks again.
 */
export async function isResetLinkUsable(input: { email: string; token: string }): Promise<boolean> {
  try {
    await api.post('/user/reset-password/check', input, { redirectOnUnauthorized: false });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return false;
    throw error;
  }
}
