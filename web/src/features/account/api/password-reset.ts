import { api } from '../../../api/api';

/** POST /user/forgot-password: mails a reset link when the address belongs to an account (the answer never says). */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/user/forgot-password', { email }, { redirectOnUnauthorized: false });
}

/** POST /user/reset-password with the email and token from the mailed link. */
export async function resetPassword(input: { email: string; token: string; password: string }): Promise<void> {
  await api.post('/user/reset-password', input, { redirectOnUnauthorized: false });
}
